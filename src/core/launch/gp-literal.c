/* gp-literal.c — a value from data written as a literal of the language it goes into
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Launch code is run by the user, and what goes into it comes from catalogs, imports and
 * forms anyone can write. So a value is never pasted as text: it becomes a string literal of
 * the language around it, which holds it whole and runs nothing of it.
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "gp-literal.h"
#include "gp-json-writer.h"

/* Shows as itself: a printable character that is no control, no bidirectional override and
 * no other invisible format character (those could make the code read otherwise than it
 * runs). */
static gboolean
is_plain_character (gunichar c)
{
  return g_unichar_isprint (c) && g_unichar_type (c) != G_UNICODE_FORMAT;
}

/* The escapes Python's string literals and YAML's double-quoted scalars share. */
static void
append_escaped (GString    *out,
                const char *value,
                char        quote)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '\\' || c == (gunichar) quote)
        g_string_append_printf (out, "\\%c", (char) c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x80 && is_plain_character (c))
        g_string_append_c (out, (char) c);
      else if (c < 0x80)
        g_string_append_printf (out, "\\x%02x", c);
      else if (is_plain_character (c))
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      else if (c <= 0xffff)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_printf (out, "\\U%08x", c);
    }
}

char *
gp_literal_python (const char *value)
{
  GString *out = g_string_new ("\"");

  append_escaped (out, value, '"');
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

/* Characters a shell word may hold bare: nothing in them expands, splits or ends a command. */
static gboolean
is_bare_word (const char *value)
{
  if (*value == '\0')
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("._/:,+-", *p) == NULL)
      return FALSE;
  return TRUE;
}

char *
gp_literal_shell (const char *value)
{
  GString *out;

  if (is_bare_word (value))
    return g_strdup (value);
  out = g_string_new ("'");
  for (const char *p = value; *p != '\0'; p++)
    if (*p == '\'')
      g_string_append (out, "'\\''");
    else
      g_string_append_c (out, *p);
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

/* The words YAML 1.1 (which PyYAML, and so SkyPilot, reads) takes for booleans or null. */
static gboolean
is_yaml_keyword (const char *value)
{
  static const char *const words[] = {
    "y", "n", "yes", "no", "true", "false", "on", "off", "null"
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_ascii_strcasecmp (value, words[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A plain scalar that reads as the same string: it starts with a letter (so no number, no
 * indicator), holds no space, ends with no colon, and is no keyword. */
static gboolean
is_plain_yaml (const char *value)
{
  gsize length = strlen (value);

  if (!g_ascii_isalpha (value[0]) || value[length - 1] == ':' || is_yaml_keyword (value))
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("._/:-", *p) == NULL)
      return FALSE;
  return TRUE;
}

char *
gp_literal_yaml (const char *value)
{
  GString *out;

  if (is_plain_yaml (value))
    return g_strdup (value);
  out = g_string_new ("\"");
  append_escaped (out, value, '"');
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

char *
gp_literal_json (const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);
  g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), valid);

  return gp_json_to_string (node, FALSE);
}

char *
gp_literal_shell_json (const char *value)
{
  g_autofree char *json = gp_literal_json (value);
  g_autoptr(GString) out = g_string_new (json);

  g_string_replace (out, "'", "'\\''", 0);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
gp_literal_text (const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);
  GString *out = g_string_new (NULL);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_plain_character (c))
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      else
        g_string_append_printf (out, "\\u%04x", c);
    }
  return g_string_free (out, FALSE);
}

static const struct
{
  const char *language;
  char *(*encode) (const char *value);
} encoders[] = {
  { "python", gp_literal_python },
  { "shell", gp_literal_shell },
  { "yaml", gp_literal_yaml },
  { "json", gp_literal_json },
  { "shell-json", gp_literal_shell_json },
  { "text", gp_literal_text },
};

char *
gp_literal_encode (const char *value,
                   const char *language)
{
  g_return_val_if_fail (value != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (encoders); i++)
    if (g_strcmp0 (language, encoders[i].language) == 0)
      return encoders[i].encode (value);
  return NULL;
}
