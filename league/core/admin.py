"""Admin building blocks. The admin writes only through services: models whose data is
derived or historical are shown read-only, and editable ones save through a form that
calls the app's service (its refusal becomes a form error)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin
from django.db import models
from django.http import HttpRequest

from league.core.errors import ServiceError
from league.core.models import AuditEntry

if TYPE_CHECKING:  # generic in django-stubs; Django's own classes take no parameters
    ModelAdmin = admin.ModelAdmin[Any]
    TabularInline = admin.TabularInline[Any, Any]
    ModelForm = forms.ModelForm[Any]
else:
    ModelAdmin = admin.ModelAdmin
    TabularInline = admin.TabularInline
    ModelForm = forms.ModelForm


class ReadOnlyAdmin(ModelAdmin):
    """View only: no add, change or delete."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ServiceForm(ModelForm):
    """An admin form whose ``save_with_service`` does the write through a service.

    It runs in ``clean`` so that a refusal shows as a form error; the model's own
    validation is skipped because the service validates (and locks) itself.
    """

    request_user: Any = None

    def save_with_service(self, instance: models.Model | None) -> models.Model:
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors:
            original = self.instance if self.instance.pk else None
            try:
                self.saved = self.save_with_service(original)
            except ServiceError as err:
                field = err.field if err.field in self.fields else None
                self.add_error(field, err.message)
        return cleaned

    def _post_clean(self) -> None:  # no construct_instance / full_clean: the service did it
        pass

    def save(self, commit: bool = True) -> Any:
        return self.saved

    def save_m2m(self) -> None:
        pass


class ServiceAdmin(ModelAdmin):
    """Saves through the form's service; nothing is deleted here."""

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)
        # A subclass per request, so that concurrent requests never share the user.
        return type(form.__name__, (form,), {"request_user": request.user})

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        pass  # written by the form's service during validation

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "actor", "action", "target", "target_id", "item")
    list_filter = ("target", "action")
    search_fields = ("actor", "action")
