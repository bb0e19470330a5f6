from django.urls import path

from league.start import views

urlpatterns = [
    path("", views.home, name="home"),
    path("aufgaben/", views.my_tasks, name="my-tasks"),
]
