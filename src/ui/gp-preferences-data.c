/* gp-preferences-data.c — Preferences › Data: every price source, its addresses and its state
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row a source: its name; the date of its newest prices and its last refresh with the result;
 * opened, its addresses, one a line, tried in order (a mirror first where the source's own is
 * slow to reach). What the user types is kept as typed in the settings, and the source's own
 * address alone is kept as no change.
 *
 * The sources a key opens are listed too, whether or not the user has given their key: their
 * rows say whether the keyring holds one, asked on a thread once the window shows, so that a
 * keyring slow to answer (or to start) never holds the list up.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gp-preferences-data.h"

static char *
state_text (GpCatalogUpdater *updater,
            const char       *name)
{
  g_autofree char *as_of = NULL;
  g_autofree char *checked = NULL;
  g_autofree char *result = NULL;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *when_text = NULL;
  g_autofree char *outcome = NULL;

  if (!gp_catalog_updater_get_source_state (updater, name, &as_of, &checked, &result) ||
      checked == NULL)
    return g_strdup (_("Never refreshed"));

  when = g_date_time_new_from_iso8601 (checked, NULL);
  if (when != NULL)
    {
      g_autoptr(GDateTime) local = g_date_time_to_local (when);

      when_text = g_date_time_format (local, "%F %R");
    }
  else
    when_text = g_strdup (checked);
  if (g_strcmp0 (result, "updated") == 0)
    outcome = g_strdup (_("updated"));
  else if (g_strcmp0 (result, "unchanged") == 0)
    outcome = g_strdup (_("unchanged"));
  else
    {
      /* The row names the source already: "aws-spot: HTTP 404" is said without it. */
      g_autofree char *prefix = g_strconcat (name, ": ", NULL);
      const char *why = result != NULL ? result : "";

      if (g_str_has_prefix (why, prefix))
        why += strlen (prefix);
      /* Translators: a price source's last refresh failed, and why */
      outcome = g_strdup_printf (_("failed: %s"), why);
    }
  if (as_of == NULL)
    /* Translators: a price source's last refresh: when, and how it went */
    return g_strdup_printf (_("No prices yet · last refresh %s: %s"), when_text, outcome);
  /* Translators: a price source: the date of its newest prices, its last refresh, the result */
  return g_strdup_printf (_("Prices as of %s · last refresh %s: %s"), as_of, when_text, outcome);
}

static void
addresses_changed_cb (GtkTextBuffer *buffer,
                      GpSettings    *settings)
{
  const char *name = g_object_get_data (G_OBJECT (buffer), "source");
  const char *own = g_object_get_data (G_OBJECT (buffer), "own-url");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) urls = NULL;
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (*lines[i] != '\0')
        g_strv_builder_add (builder, lines[i]);
    }
  urls = g_strv_builder_end (builder);
  /* The source's own address alone is no mirror: kept as no change. */
  if (urls[0] != NULL && urls[1] == NULL && g_strcmp0 (urls[0], own) == 0)
    g_clear_pointer (&urls[0], g_free);
  gp_settings_set_source_urls (settings, name, (const char *const *) urls);
}

static GtkWidget *
addresses_view (GpSettings *settings,
                const char *name,
                const char *own)
{
  g_auto(GStrv) set = gp_settings_dup_source_urls (settings, name);
  g_autofree char *text = set[0] != NULL ? g_strjoinv ("\n", set) : g_strdup (own);
  GtkWidget *view = gtk_text_view_new ();
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));

  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (view), 6);
  gtk_widget_add_css_class (view, "card");
  /* Room for a mirror and the own address, wrapped, before the row grows. */
  gtk_widget_set_size_request (view, -1, 96);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Addresses, one a line, tried in order"), -1);
  gtk_text_buffer_set_text (buffer, text, -1);
  g_object_set_data_full (G_OBJECT (buffer), "source", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (buffer), "own-url", g_strdup (own), g_free);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (addresses_changed_cb), settings, 0);
  return view;
}

static GtkWidget *
source_row (GpSettings       *settings,
            GpCatalogUpdater *updater,
            const char       *name,
            const char       *own)
{
  GtkWidget *row = adw_expander_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *hint = gtk_label_new (_("One address a line, tried in order until one answers: "
                                      "put a mirror first where the source is slow to reach. "
                                      "Empty for the source’s own address."));
  g_autofree char *state = state_text (updater, name);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), state);
  gtk_widget_set_name (row, name);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_widget_add_css_class (hint, "caption");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  g_object_set_data_full (G_OBJECT (row), "state", g_strdup (state), g_free);
  gtk_box_append (GTK_BOX (box), addresses_view (settings, name, own));
  gtk_box_append (GTK_BOX (box), hint);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), box);
  return row;
}

void
gp_preferences_data_fill (AdwPreferencesGroup *group,
                          GpSettings          *settings,
                          GpCatalogUpdater    *updater)
{
  const char *const *names = gp_catalog_updater_get_source_names (updater);
  GHashTable *keyed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (const char *const *name = names; *name; name++)
    adw_preferences_group_add (group, source_row (settings, updater, *name,
                                                  gp_catalog_updater_get_own_url (updater, *name)));
  for (const char *const *name = gp_catalog_updater_get_keyed_source_names (); *name; name++)
    {
      GtkWidget *row;

      if (g_strv_contains (names, *name))
        continue;
      row = source_row (settings, updater, *name, gp_catalog_updater_get_keyed_source_url (*name));
      adw_preferences_group_add (group, row);
      g_hash_table_insert (keyed, g_strdup (*name), row);
    }
  g_object_set_data_full (G_OBJECT (group), "keyed-rows", keyed,
                          (GDestroyNotify) g_hash_table_unref);
}

/* The row's subtitle: whether a key is kept, then the source's prices and last refresh. */
static void
show_key_state (AdwExpanderRow *row,
                const char     *key_state)
{
  const char *state = g_object_get_data (G_OBJECT (row), "state");
  /* Translators: a keyed price source: whether its key is kept, then its prices' state */
  g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), key_state, state);

  adw_expander_row_set_subtitle (row, subtitle);
}

static void
has_key_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(AdwExpanderRow) row = user_data;
  g_autoptr(GError) error = NULL;
  gboolean has_key = gp_key_store_has_key_finish (GP_KEY_STORE (object), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* No keyring to ask (no Secret Service running) is a state of the desktop, not a fault: said
   * on the row, and the refresh goes on without the source. */
  if (error != NULL)
    show_key_state (row, _("Keyring unavailable"));
  else
    show_key_state (row, has_key ? _("Key stored") : _("No key: add one in Preferences"));
}

/* Asks @keys, on a thread, whether each keyed source has its key, and says so on its row. */
void
gp_preferences_data_show_keys (AdwPreferencesGroup *group,
                               GpKeyStore          *keys,
                               GCancellable        *cancellable)
{
  GHashTable *keyed = g_object_get_data (G_OBJECT (group), "keyed-rows");
  GHashTableIter iter;
  gpointer name, row;

  g_return_if_fail (GP_IS_KEY_STORE (keys));

  if (keyed == NULL)
    return;
  g_hash_table_iter_init (&iter, keyed);
  while (g_hash_table_iter_next (&iter, &name, &row))
    {
      show_key_state (row, _("Asking the keyring…"));
      gp_key_store_has_key_async (keys, name, cancellable, has_key_cb, g_object_ref (row));
    }
}
