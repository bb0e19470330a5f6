"""The admin shows no API tokens: DRF's authtoken registers a page listing every account's
key, which would let anybody with admin access act as anybody through the API. A token is
made or renewed on the console (``manage.py drf_create_token USER``)."""

from django.contrib import admin
from rest_framework.authtoken.models import TokenProxy

if admin.site.is_registered(TokenProxy):
    admin.site.unregister(TokenProxy)
