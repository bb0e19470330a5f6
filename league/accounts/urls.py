from django.contrib.auth import views as auth_views
from django.urls import path

from league.accounts.invitation_views import invitation
from league.accounts.registration_views import register, register_confirm, register_sent
from league.accounts.views import (
    LoginView,
    LogoutView,
    PasswordChangeView,
    PasswordResetConfirmView,
)

urlpatterns = [
    path("konto/anmelden/", LoginView.as_view(), name="login"),
    path("konto/abmelden/", LogoutView.as_view(), name="logout"),
    path("konto/einladung/<str:token>/", invitation, name="invitation"),
    path("konto/registrieren/", register, name="register"),
    path("konto/registrieren/gesendet/", register_sent, name="register-sent"),
    path("konto/bestaetigen/<uidb64>/<token>/", register_confirm, name="register-confirm"),
    # Password reset by e-mail link; the names are the ones Django's views reverse.
    path(
        "konto/passwort-vergessen/",
        auth_views.PasswordResetView.as_view(
            template_name="accounts/password_reset_form.html",
            email_template_name="accounts/password_reset_email.txt",
            subject_template_name="accounts/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "konto/passwort-vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "konto/passwort-neu/<uidb64>/<token>/",
        PasswordResetConfirmView.as_view(template_name="accounts/password_reset_confirm.html"),
        name="password_reset_confirm",
    ),
    path(
        "konto/passwort-neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    # Change password (logged in).
    path(
        "konto/passwort-aendern/",
        PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "konto/passwort-aendern/fertig/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/password_change_done.html"
        ),
        name="password_change_done",
    ),
]
