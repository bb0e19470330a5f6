from django.contrib import admin

from league.accounts.forms import AdminLoginForm

# The admin's login counts wrong passwords with the site's login (league.accounts.lockout).
admin.site.login_form = AdminLoginForm
