"""Bootstrap 5 form fields in plain Python: `{{ form|plain_form }}`, `{{ field|plain_field }}`.

They write the HTML crispy-forms' bootstrap5 pack writes for `|crispy` and
`|as_crispy_field` without any helper (same wrappers, labels, classes, error and help
text placement; tests/chargen/core/test_plain_forms.py compares the two on the
Drifting and roller sheets' forms), but without crispy's per-field template render and
context copying, which cost more than half of the Drifting sheet's CPU (issue 13).
Only the widgets those sheets use are written here; anything else (file inputs) goes
to crispy itself, so nothing renders differently. Every value is escaped by Django's
format_html; only this module's literal markup and our forms' help text are marked safe,
each in one named function (`_literal`, `_developer_text`).
"""

from __future__ import annotations

from typing import Any

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import forms, template
from django.forms.boundfield import BoundField
from django.forms.widgets import ChoiceWidget
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _literal(markup: str) -> SafeString:
    """Markup written in this module, never data: the one place a string is marked safe."""
    return mark_safe(markup)  # noqa: S308 (a literal of this module)


_EMPTY = _literal("")
_OPEN_DIV = _literal("<div>")
_CLOSE_DIV = _literal("</div>")
_OPEN_FIELDSET = _literal("<fieldset>")
_CLOSE_FIELDSET = _literal("</fieldset>")
_CLOSE_OPTGROUP = _literal("</optgroup>")
_ASTERISK = _literal('<span class="asteriskField">*</span>')


def _joined(parts: list[SafeString]) -> SafeString:
    """The parts one after another; any that is not already safe is escaped."""
    return format_html_join("", "{}", ((part,) for part in parts))


def _developer_text(text: object) -> SafeString:
    """A form's help text, written by us in forms.py (never a user's): Django's and
    crispy's field templates print it unescaped (`|safe`) too, and ours contain markup."""
    return mark_safe(str(text))  # noqa: S308 (developers' text, as Django's |safe)


def _class_for(widget: forms.Widget, extra: str) -> str:
    """crispy's crispy_field tag: the widget's own class, its lowercase type name, `extra`."""
    css_class = str(widget.attrs.get("class", ""))
    class_name = type(widget).__name__.lower()
    if not css_class:
        css_class = class_name
    elif class_name not in css_class:
        css_class += f" {class_name}"
    for name in extra.split():
        if name not in css_class.split():
            css_class += f" {name}"
    return css_class


def _errors(field: BoundField) -> SafeString:
    if not field.errors:
        return _EMPTY
    lines = format_html_join(
        "",
        '<p id="error_{}_{}"><strong>{}</strong></p>',
        ((n, field.auto_id, error) for n, error in enumerate(field.errors, start=1)),
    )
    field_id = getattr(field.errors, "field_id", None) or ""
    return format_html('<div id="{}_error" class="invalid-feedback">{}</div>', field_id, lines)


def _help(field: BoundField) -> SafeString:
    if not field.help_text:
        return _EMPTY
    text = _developer_text(field.help_text)
    if field.auto_id:
        return format_html('<div id="{}_helptext" class="form-text">{}</div>', field.auto_id, text)
    return format_html('<div class="form-text">{}</div>', text)


def _attrs(attrs: dict[str, Any]) -> SafeString:
    """crispy's layout/attrs.html: ` name="value"`, a bare name for True, nothing for False."""
    return format_html_join(
        "",
        "{}",
        (
            (format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value),)
            for name, value in attrs.items()
            if value is not False
        ),
    )


# Widgets whose Django template is simple enough to write here; others render as usual.
# Hidden inputs and checkboxes are Django's input.html too (hidden.html and checkbox.html
# include it; CheckboxInput's own get_context adds `checked` and drops the value).
_INPUTS = (
    forms.TextInput,
    forms.NumberInput,
    forms.EmailInput,
    forms.URLInput,
    forms.HiddenInput,
    forms.CheckboxInput,
)


def _widget(field: BoundField, css_class: str | None) -> SafeString:
    """`field.as_widget(attrs={"class": css_class})` (no class when None), without a
    template render for text, number, hidden and checkbox inputs and single selects
    (Django's input.html, select.html, select_option.html)."""
    widget = field.field.widget
    given: dict[str, str | bool] = {} if css_class is None else {"class": css_class}
    plain = type(widget) in _INPUTS or type(widget) is forms.Select
    if not plain or field.field.show_hidden_initial or field.field.localize:
        return field.as_widget(attrs=given or None)
    attrs = field.build_widget_attrs(given, widget)
    if field.auto_id and "id" not in widget.attrs:
        attrs.setdefault("id", field.auto_id)
    context = widget.get_context(field.html_name, field.value(), attrs)["widget"]
    if isinstance(widget, forms.Select):
        options: list[SafeString] = []
        for group_name, group, _index in context["optgroups"]:
            if group_name:
                options.append(format_html('<optgroup label="{}">', group_name))
            options.extend(
                format_html(
                    '<option value="{}"{}>{}</option>',
                    str(option["value"]),
                    _attrs(option["attrs"]),
                    option["label"],
                )
                for option in group
            )
            if group_name:
                options.append(_CLOSE_OPTGROUP)
        return format_html(
            '<select name="{}"{}>{}</select>',
            context["name"],
            _attrs(context["attrs"]),
            _joined(options),
        )
    value = context["value"]
    if value is None:
        return format_html(
            '<input type="{}" name="{}"{}>',
            context["type"],
            context["name"],
            _attrs(context["attrs"]),
        )
    return format_html(
        '<input type="{}" name="{}" value="{}"{}>',
        context["type"],
        context["name"],
        str(value),
        _attrs(context["attrs"]),
    )


def _choices(field: BoundField) -> SafeString:
    """crispy's layout/radio_checkbox_select.html: one form-check per option."""
    widget = field.field.widget
    assert isinstance(widget, ChoiceWidget)
    id_ = widget.attrs.get("id") or field.auto_id
    attrs = field.build_widget_attrs({"id": id_} if id_ else {})
    groups = widget.optgroups(field.html_name, widget.format_value(field.value()), attrs)
    invalid = " is-invalid" if field.errors else ""
    parts: list[SafeString] = [_OPEN_DIV]
    for group_index, (group, options, _index) in enumerate(groups):
        if group:
            parts.append(format_html("<strong>{}</strong>", group))
        for option_index, option in enumerate(options):
            last = option_index == len(options) - 1 and group_index == len(groups) - 1
            parts.append(
                format_html(
                    '<div class="form-check"><input type="{}" class="form-check-input{}" '
                    'name="{}" value="{}"{}><label for="{}" class="form-check-label">{}</label>'
                    "{}</div>",
                    option["type"],
                    invalid,
                    field.html_name,
                    str(option["value"]),
                    _attrs(option["attrs"]),
                    option["attrs"].get("id", ""),
                    option["label"],
                    _errors(field) if last else "",
                )
            )
    parts += [_CLOSE_DIV, _help(field)]
    return _joined(parts)


def _label(field: BoundField) -> SafeString:
    required = field.field.required
    asterisk = _ASTERISK if required else _EMPTY
    if field.use_fieldset:
        describedby = field.aria_describedby
        opening = (
            format_html('<fieldset aria-describedby="{}">', describedby)
            if describedby
            else _OPEN_FIELDSET
        )
        css = "form-label" + (" requiredField" if required else "") + " fs-6"
        return format_html(
            '{}<legend class="{}">{}{}</legend>', opening, css, field.label, asterisk
        )
    css = "form-label" + (" requiredField" if required else "")
    if field.id_for_label:
        return format_html(
            '<label for="{}" class="{}">{}{}</label>',
            field.id_for_label,
            css,
            field.label,
            asterisk,
        )
    return format_html('<label class="{}">{}{}</label>', css, field.label, asterisk)


@register.filter
def plain_field(field: BoundField) -> SafeString:
    """`{{ form.name|plain_field }}`: what `|as_crispy_field` writes, in plain Python."""
    widget = field.field.widget
    if field.is_hidden:
        if field.field.show_hidden_initial:
            return format_html("{}", field)  # Django's own widget HTML (its __html__)
        return _widget(field, None)  # what Django's `{{ field }}` writes
    if isinstance(widget, forms.FileInput):
        return conditional_escape(as_crispy_field(field))  # a rendered template: safe already
    checkbox = isinstance(widget, forms.CheckboxInput)
    wrapper = "form-check" if checkbox else "mb-3"
    if css := field.css_classes():
        wrapper += f" {css}"
    invalid = " is-invalid" if field.errors else ""
    parts: list[SafeString] = [format_html('<div id="div_{}" class="{}">', field.auto_id, wrapper)]
    if checkbox:
        required = field.field.required
        parts.append(_widget(field, _class_for(widget, f"form-check-input{invalid}")))
        parts.append(
            format_html(
                '<label for="{}" class="form-check-label{}">{}{}</label>',
                field.id_for_label,
                " requiredField" if required else "",
                field.label,
                _ASTERISK if required else _EMPTY,
            )
        )
        parts.append(_errors(field) + _help(field))
    else:
        if field.label:
            parts.append(_label(field))
        if isinstance(widget, forms.RadioSelect):  # CheckboxSelectMultiple is one too
            parts.append(_choices(field))
        else:
            extra = "form-select" if isinstance(widget, forms.Select) else "form-control"
            parts.append(_widget(field, _class_for(widget, extra + invalid)))
            parts.append(_errors(field) + _help(field))
        if field.use_fieldset and field.label:
            parts.append(_CLOSE_FIELDSET)
    parts.append(_CLOSE_DIV)
    html = _joined(parts)
    return format_html('<div class="mb-3">{}</div>', html) if checkbox else html


@register.filter
def plain_form(form: forms.BaseForm) -> SafeString:
    """`{{ form|plain_form }}`: what `|crispy` writes (non-field errors, then every field)."""
    parts: list[SafeString] = []
    if errors := form.non_field_errors():
        items = format_html_join("", "<li>{}</li>", ((error,) for error in errors))
        parts.append(
            format_html(
                '<div class="alert alert-block alert-danger"><ul class="m-0">{}</ul></div>', items
            )
        )
    parts.extend(plain_field(field) for field in form)
    return _joined(parts)
