from __future__ import annotations

from django.urls import path

from chargen.accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    # Same address as django.contrib.auth's "login", which chargen/urls.py includes
    # after this file: this view (which sends a logged-in user home) answers
    # /accounts/login/ first, while
    # {% url 'login' %} and LOGIN_URL keep resolving to the same address.
    path("login/", views.login, name="login"),
    # Likewise "password_reset": this throttled view answers /accounts/password_reset/
    # before django.contrib.auth's, and {% url 'password_reset' %} still points here.
    path("password_reset/", views.password_reset, name="password_reset"),
    # And "logout": this one says the player is logged out on the page it lands on.
    path("logout/", views.logout, name="logout"),
]
