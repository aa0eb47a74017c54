"""Sign-up (which logs the new account in and returns it where it was going), the
log-in that sends a logged-in user home, the log-out that says it is done, and the
throttled password reset; the rest of auth is Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import LoginView, LogoutView, PasswordResetView
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from chargen.accounts import reset_throttle
from chargen.accounts.counting import client_ip
from chargen.accounts.forms import SignUpForm
from chargen.accounts.services import account_sign_up

# Failed log-ins are counted and refused for a while by django-axes (login_throttle.py),
# here and on the admin's log-in page alike.
login = LoginView.as_view(redirect_authenticated_user=True)

LOGGED_OUT = "You are logged out."


class SaidLogoutView(LogoutView):
    """Django's log-out (a POST), saying so on the page it lands on: without a word, a
    player on a shared computer cannot tell the click took."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        # The session is gone; the message travels in its own cookie (FallbackStorage).
        messages.success(request, LOGGED_OUT)
        # Sheets are kept by the browser to be revalidated (private, no-cache: etags.py):
        # on a shared computer, Back after logging out must not find them there.
        response["Clear-Site-Data"] = '"cache"'
        return response


logout = SaidLogoutView.as_view()


class ThrottledPasswordResetView(PasswordResetView):
    """Django's reset form, refusing for a while after too many requests (reset_throttle.py).

    The count is taken once the address is a valid e-mail, before Django looks for an
    account, so a refusal is the same for every address typed.
    """

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        refusal = reset_throttle.password_reset_request_admit(
            email=form.cleaned_data["email"], ip_address=client_ip(self.request)
        )
        if refusal is not None:
            form.add_error(None, ValidationError(refusal.message, code="throttled"))
            return self.form_invalid(form)
        return super().form_valid(form)


password_reset = ThrottledPasswordResetView.as_view()


def _safe_next(request: HttpRequest) -> str:
    """The `next` page asked for, if it is on this site (never an open redirect)."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if candidate and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return ""


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    next_url = _safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    if request.method == "POST":
        form = SignUpForm(request.POST)
        if form.is_valid():
            # The same answer whether or not the address already had an account.
            user = account_sign_up(form=form)
            # Named, as two backends are listed; django-axes' only refuses log-ins.
            auth_login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                f"Welcome, {user.get_username()} — your account is ready and you are "
                f"logged in. We have sent an e-mail to {form.cleaned_data['email']} (if that "
                "address already belongs to an account, the e-mail says so and the address "
                "stays with it)." + ("" if next_url else " Press “Create a character” to begin."),
                # Home has the one button that begins; an invite link has its own page.
            )
            # Back to the page they were heading for (an invite link, say).
            return redirect(next_url or "home")
    else:
        form = SignUpForm()
    return render(request, "accounts/signup.html", {"form": form, "next": next_url})
