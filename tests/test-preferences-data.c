/* test-preferences-data.c — Preferences › Data lists the sources a key opens, and whether the
 * keyring holds their keys, without waiting for the keyring
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keyring is a store of the test's: one that answers only once the test lets it (a keyring
 * slow to start), and one whose service is not there.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gp-key-store.h"
#include "gp-preferences-window.h"
#include "gp-test-ui.h"
#include "gp-test-window.h"

#define FAKE_KEY "fake-gcp-key-c0ffee-4b2a"

/* A keyring that holds gcp-billing's key and answers once released, or, @missing, one whose
 * service is not running. */
#define GP_TYPE_TEST_KEYRING (gp_test_keyring_get_type ())
G_DECLARE_FINAL_TYPE (GpTestKeyring, gp_test_keyring, GP, TEST_KEYRING, GObject)

struct _GpTestKeyring
{
  GObject parent_instance;
  GMutex lock;
  GCond released_cond;
  gboolean released;
  gboolean missing;
};

static void test_keyring_iface_init (GpKeyStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GpTestKeyring, gp_test_keyring, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GP_TYPE_KEY_STORE, test_keyring_iface_init))

static char *
test_keyring_lookup (GpKeyStore  *store,
                     const char  *source,
                     GError     **error)
{
  GpTestKeyring *self = GP_TEST_KEYRING (store);

  g_mutex_lock (&self->lock);
  while (!self->released)
    g_cond_wait (&self->released_cond, &self->lock);
  g_mutex_unlock (&self->lock);
  if (self->missing)
    {
      g_set_error_literal (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN,
                           "The name org.freedesktop.secrets was not provided by any .service "
                           "files");
      return NULL;
    }
  return g_str_equal (source, "gcp-billing") ? g_strdup (FAKE_KEY) : NULL;
}

static gboolean
test_keyring_store (GpKeyStore  *store,
                    const char  *source,
                    const char  *key,
                    GError     **error)
{
  return TRUE;
}

static gboolean
test_keyring_forget (GpKeyStore  *store,
                     const char  *source,
                     GError     **error)
{
  return TRUE;
}

static void
test_keyring_iface_init (GpKeyStoreInterface *iface)
{
  iface->lookup = test_keyring_lookup;
  iface->store = test_keyring_store;
  iface->forget = test_keyring_forget;
}

static void
gp_test_keyring_finalize (GObject *object)
{
  GpTestKeyring *self = GP_TEST_KEYRING (object);

  g_mutex_clear (&self->lock);
  g_cond_clear (&self->released_cond);
  G_OBJECT_CLASS (gp_test_keyring_parent_class)->finalize (object);
}

static void
gp_test_keyring_class_init (GpTestKeyringClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gp_test_keyring_finalize;
}

static void
gp_test_keyring_init (GpTestKeyring *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->released_cond);
}

static void
release (GpTestKeyring *keyring)
{
  g_mutex_lock (&keyring->lock);
  keyring->released = TRUE;
  g_cond_broadcast (&keyring->released_cond);
  g_mutex_unlock (&keyring->lock);
}

typedef struct
{
  GtkWidget *row;
  const char *needle;
} Subtitle;

static gboolean
subtitle_has (gpointer data)
{
  Subtitle *wanted = data;
  const char *subtitle = adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (wanted->row));

  return subtitle != NULL && strstr (subtitle, wanted->needle) != NULL;
}

static void
wait_for_subtitle (GtkWidget  *row,
                   const char *needle)
{
  Subtitle wanted = { row, needle };

  gp_test_ui_wait_until (subtitle_has, &wanted, needle);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static char *
addresses (GtkWidget *row)
{
  GtkTextView *view = GTK_TEXT_VIEW (gp_test_ui_find_widget (row, GTK_TYPE_TEXT_VIEW));
  GtkTextIter start, end;

  g_assert_nonnull (view);
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  return gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
}

/* lambda-api and gcp-billing are listed as the other sources are, with their addresses; while
 * the keyring takes its time the list is there and says it is asking; then each row says
 * whether a key is stored, and nothing the window shows holds the key. */
static void
test_keyed_sources (void)
{
  GpPreferencesWindow *preferences =
      gp_preferences_window_new (gp_application_get_settings (gp_test_ui_application ()));
  g_autoptr(GpTestKeyring) keyring = g_object_new (GP_TYPE_TEST_KEYRING, NULL);
  GtkWidget *lambda = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "lambda-api");
  GtkWidget *gcp = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "gcp-billing");
  g_autofree char *lambda_url = NULL;
  g_autofree char *gcp_url = NULL;
  g_autofree char *shown = NULL;

  gp_test_window_reset_settings ();
  g_assert_nonnull (lambda);
  g_assert_nonnull (gcp);
  g_assert_nonnull (gp_test_ui_find_by_name (GTK_WIDGET (preferences), "aws-pricelist"));
  lambda_url = addresses (lambda);
  gcp_url = addresses (gcp);
  g_assert_cmpstr (lambda_url, ==, "https://cloud.lambda.ai/api/v1/instance-types");
  g_assert_cmpstr (gcp_url, ==, "https://cloudbilling.googleapis.com/v1/services");

  gp_preferences_window_set_key_store (preferences, GP_KEY_STORE (keyring));
  gtk_window_set_default_size (GTK_WINDOW (preferences), 800, 1150);
  gtk_window_present (GTK_WINDOW (preferences));
  gp_test_ui_wait_until (is_mapped, preferences, "the preferences to show");
  /* The keyring has not answered: the window draws and answers meanwhile. */
  gp_test_ui_wait_for_draw (GTK_WIDGET (preferences));
  for (guint i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  gp_test_ui_assert_contains (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (gcp)),
                              _("Asking the keyring…"));
  gp_test_ui_assert_contains (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (gcp)),
                              _("Never refreshed"));

  release (keyring);
  wait_for_subtitle (gcp, _("Key stored"));
  wait_for_subtitle (lambda, _("No key: add one in Preferences"));
  gp_test_ui_assert_contains (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (gcp)),
                              _("Never refreshed"));
  shown = gp_test_ui_collect_text (GTK_WIDGET (preferences));
  g_assert_null (strstr (shown, FAKE_KEY));
  adw_preferences_window_set_visible_page (
      ADW_PREFERENCES_WINDOW (preferences),
      ADW_PREFERENCES_PAGE (gtk_widget_get_ancestor (gcp, ADW_TYPE_PREFERENCES_PAGE)));
  gp_test_ui_wait_for_draw (GTK_WIDGET (preferences));
  gp_test_ui_save_png (GTK_WIDGET (preferences), "preferences-data-keys");

  gtk_window_destroy (GTK_WINDOW (preferences));
}

/* No keyring service running: each keyed row says the keyring is unavailable, and no dialog
 * opens. */
static void
test_keyring_unavailable (void)
{
  GpPreferencesWindow *preferences =
      gp_preferences_window_new (gp_application_get_settings (gp_test_ui_application ()));
  g_autoptr(GpTestKeyring) keyring = g_object_new (GP_TYPE_TEST_KEYRING, NULL);
  GtkWidget *lambda = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "lambda-api");
  GtkWidget *gcp = gp_test_ui_find_by_name (GTK_WIDGET (preferences), "gcp-billing");
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint windows;

  keyring->missing = TRUE;
  release (keyring);
  windows = g_list_model_get_n_items (toplevels);
  gp_preferences_window_set_key_store (preferences, GP_KEY_STORE (keyring));
  gtk_window_present (GTK_WINDOW (preferences));
  gp_test_ui_wait_until (is_mapped, preferences, "the preferences to show");
  wait_for_subtitle (gcp, _("Keyring unavailable"));
  wait_for_subtitle (lambda, _("Keyring unavailable"));
  /* The preferences alone were added: no dialog came with them. */
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, windows);
  g_assert_null (gp_test_ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  gtk_window_destroy (GTK_WINDOW (preferences));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = gp_test_window_init (&argc, &argv);

  /* As the app does: the window's words, and the test's, in the user's language. */
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/preferences-data/keyed-sources", test_keyed_sources);
  g_test_add_func ("/preferences-data/keyring-unavailable", test_keyring_unavailable);

  return gp_test_window_run (home);
}
