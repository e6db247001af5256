/* gp-preferences-window.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-preferences-window.h"

struct _GpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  /* Template widgets */
  AdwEntryRow          *catalog_url_row;
  AdwComboRow          *color_scheme_row;
  GtkSwitch            *refresh_at_start_switch;
};

G_DEFINE_FINAL_TYPE (GpPreferencesWindow, gp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The combo row lists the enum's values in their numeric order. */
static gboolean
enum_to_selected (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  static const char *const nicks[] = { "default", "light", "dark" };
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (nicks); i++)
    if (g_str_equal (nick, nicks[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
selected_to_enum (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  static const char *const nicks[] = { "default", "light", "dark" };
  guint selected = g_value_get_uint (value);

  if (selected >= G_N_ELEMENTS (nicks))
    return NULL;

  return g_variant_new_string (nicks[selected]);
}

static void
gp_preferences_window_constructed (GObject *object)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (gp_preferences_window_parent_class)->constructed (object);

  g_settings_bind_with_mapping (self->settings, "color-scheme",
                                self->color_scheme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                enum_to_selected, selected_to_enum, NULL, NULL);
  g_settings_bind (self->settings, "catalog-url", self->catalog_url_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "refresh-at-start", self->refresh_at_start_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
gp_preferences_window_dispose (GObject *object)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (gp_preferences_window_parent_class)->dispose (object);
}

static void
gp_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GpPreferencesWindow *self = GP_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_preferences_window_class_init (GpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = gp_preferences_window_constructed;
  object_class->dispose = gp_preferences_window_dispose;
  object_class->set_property = gp_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, catalog_url_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, color_scheme_row);
  gtk_widget_class_bind_template_child (widget_class, GpPreferencesWindow, refresh_at_start_switch);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
gp_preferences_window_init (GpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GpPreferencesWindow *
gp_preferences_window_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (GP_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       NULL);
}
