/* gp-application.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-application.h"
#include "gp-catalog-updater.h"
#include "gp-compat.h"
#include "gp-file.h"
#include "gp-preferences-window.h"
#include "gp-window.h"

struct _GpApplication
{
  AdwApplication  parent_instance;

  GpSettings     *settings;
  GpCatalog      *catalog;
};

G_DEFINE_FINAL_TYPE (GpApplication, gp_application, ADW_TYPE_APPLICATION)

static void
apply_color_scheme (GpApplication *self)
{
  const char *choice = gp_settings_get_color_scheme (self->settings);
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_strcmp0 (choice, "light") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (choice, "dark") == 0)
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static void
gp_application_activate (GApplication *app)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (gp_window_new (GP_APPLICATION (app)));

  gtk_window_present (window);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GpApplication *self = user_data;
  GList *windows;

  /* Close the windows first so each saves its state. */
  while ((windows = gtk_application_get_windows (GTK_APPLICATION (self))) != NULL)
    gtk_window_destroy (windows->data);

  g_application_quit (G_APPLICATION (self));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GpApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autoptr(GpCatalog) catalog = NULL;
  g_auto(GStrv) credits = NULL;

  /* The prices' sources are the catalog's: those of the figures on screen. */
  if (GP_IS_WINDOW (window))
    g_object_get (window, "catalog", &catalog, NULL);
  if (catalog != NULL)
    credits = gp_catalog_dup_price_credits (catalog);

  gp_compat_show_about (window, (const char * const *) credits);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GpApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  GpPreferencesWindow *preferences;

  preferences = gp_preferences_window_new (self->settings);
  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "about", about_action },
  { "preferences", preferences_action },
};

static void
gp_application_startup (GApplication *app)
{
  GpApplication *self = GP_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *fullscreen_accels[] = { "F11", NULL };
  static const char *refresh_accels[] = { "<Control>r", NULL };
  static const char *present_accels[] = { "F5", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (gp_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.toggle-fullscreen",
                                         fullscreen_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.refresh", refresh_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.present", present_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay",
                                         shortcuts_accels);

  g_signal_connect_object (self->settings, "notify::color-scheme",
                           G_CALLBACK (apply_color_scheme), self, G_CONNECT_SWAPPED);
  apply_color_scheme (self);
}

static void
gp_application_dispose (GObject *object)
{
  GpApplication *self = GP_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (gp_application_parent_class)->dispose (object);
}

static void
gp_application_class_init (GpApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = gp_application_dispose;

  app_class->activate = gp_application_activate;
  app_class->startup = gp_application_startup;
}

static void
gp_application_init (GpApplication *self)
{
  self->settings = gp_settings_new (NULL);
}

GpApplication *
gp_application_new (void)
{
  return g_object_new (GP_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_BASE_PATH,
                       NULL);
}

GpSettings *
gp_application_get_settings (GpApplication *self)
{
  g_return_val_if_fail (GP_IS_APPLICATION (self), NULL);

  return self->settings;
}

/* What a write killed half-way left behind (a refresh's part can be large): nothing else would
 * ever remove it. */
static void
remove_stale_temporaries (void)
{
  static const char *const user_files[] = { "catalog.json", "comparison.json", "plan.json", NULL };
  g_autoptr(GFile) data_dir =
      g_file_new_build_filename (g_get_user_data_dir (), "gpu-planner", NULL);

  gp_catalog_updater_remove_stale_temporaries (NULL);
  gp_file_remove_stale_temporaries (data_dir, user_files);
}

/* The rates at which yuan prices are compared with dollar ones, and when a figure is stale:
 * both are the user's, both change every page at once. */
static void
apply_catalog_settings (GpApplication *self)
{
  g_autoptr(GVariant) rates = gp_settings_dup_exchange_rates (self->settings);

  gp_catalog_set_exchange_rates (self->catalog, rates);
  gp_catalog_set_stale_after_days (self->catalog,
                                   gp_settings_get_stale_after_days (self->settings));
}

/* The bundled catalog with the refreshed and the user's layers on top, loaded once and shared
 * by every window. The bundled layer is small and parsed in well under a millisecond, so
 * loading it here does not delay the first frame. */
GpCatalog *
gp_application_get_catalog (GpApplication *self)
{
  g_return_val_if_fail (GP_IS_APPLICATION (self), NULL);

  if (self->catalog == NULL)
    {
      remove_stale_temporaries ();
      self->catalog = gp_catalog_new_bundled ();
      /* Before the user's layers: a change of rates merges every layer again. */
      apply_catalog_settings (self);
      gp_catalog_load_user_layers (self->catalog);
      g_signal_connect_object (self->settings, "notify::exchange-rates",
                               G_CALLBACK (apply_catalog_settings), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "notify::stale-after-days",
                               G_CALLBACK (apply_catalog_settings), self, G_CONNECT_SWAPPED);
    }

  return self->catalog;
}
