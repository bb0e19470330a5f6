from django.contrib.auth import views as auth_views
from django.urls import path

urlpatterns = [
    path("konto/anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
]
