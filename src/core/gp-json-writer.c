/* gp-json-writer.c — JSON trees as text, every number valid and as short as it can be
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib 1.6 (Debian 12) writes a double with 17 significant digits, so 3.67339 becomes
 * 3.6733899999999999, and appends ".0" to a number without a point, so 1e+20 becomes
 * "1e+20.0", which is not JSON: a catalog holding one could not be read back. Every JSON file
 * and answer the project writes goes through this writer instead: numbers as the shortest text
 * that reads back as the same double, integers without a point, and small objects of plain
 * values on one line so that a catalog of thousands of prices stays readable.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-json-writer.h"

#define LINE_WIDTH 100

typedef enum
{
  LAYOUT_COMPACT,  /* no spaces at all */
  LAYOUT_LINE,     /* one line, a space after each separator */
  LAYOUT_PRETTY,   /* indented, flat containers on one line where they fit */
} Layout;

static void write_node (GString *out, JsonNode *node, guint indent, Layout layout);

/**
 * gp_json_format_number:
 * @value: a finite double
 * @buffer: (out caller-allocates): at least %G_ASCII_DTOSTR_BUF_SIZE bytes
 *
 * Writes @value as the shortest text that reads back as the same double, in the C locale and
 * valid as a JSON number: 2.4, not 2.3999999999999999; 1e+20, not 1e+20.0.
 *
 * Returns: @buffer
 */
char *
gp_json_format_number (double  value,
                       char   *buffer)
{
  if (!isfinite (value))
    return strcpy (buffer, "null");

  if (value == floor (value) && fabs (value) < 1e15)
    {
      g_snprintf (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.0f", value == 0 ? 0.0 : value);
      return buffer;
    }

  for (int precision = 1; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }

  return buffer;
}

static void
write_string (GString    *out,
              const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;

        case '\\':
          g_string_append (out, "\\\\");
          break;

        case '\n':
          g_string_append (out, "\\n");
          break;

        case '\t':
          g_string_append (out, "\\t");
          break;

        case '\r':
          g_string_append (out, "\\r");
          break;

        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

static void
write_value (GString  *out,
             JsonNode *node)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  GType type = json_node_get_value_type (node);

  if (type == G_TYPE_STRING)
    write_string (out, json_node_get_string (node));
  else if (type == G_TYPE_INT64)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
  else if (type == G_TYPE_DOUBLE)
    /* JSON has no infinity and no NaN: an unknown figure is null. */
    g_string_append (out, gp_json_format_number (json_node_get_double (node), buffer));
  else if (type == G_TYPE_BOOLEAN)
    g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
  else
    g_string_append (out, "null");
}

/* Whether a container holds only plain values (or arrays of them), and so may share a line. */
static gboolean
is_flat (JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      JsonNode *member;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, NULL, &member))
        if (JSON_NODE_HOLDS_OBJECT (member) ||
            (JSON_NODE_HOLDS_ARRAY (member) && !is_flat (member)))
          return FALSE;
      return TRUE;
    }

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_VALUE (element) && !JSON_NODE_HOLDS_NULL (element))
            return FALSE;
        }
      return TRUE;
    }

  return TRUE;
}

static void
separate (GString *out,
          guint    indent,
          Layout   layout)
{
  if (layout == LAYOUT_LINE)
    g_string_append_c (out, ' ');
  else if (layout == LAYOUT_PRETTY)
    {
      g_string_append_c (out, '\n');
      for (guint i = 0; i < indent; i++)
        g_string_append (out, "  ");
    }
}

static void
write_object (GString    *out,
              JsonObject *object,
              guint       indent,
              Layout      layout)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *member;
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  json_object_iter_init_ordered (&iter, object);
  while (json_object_iter_next_ordered (&iter, &name, &member))
    {
      if (!first)
        g_string_append_c (out, ',');
      separate (out, indent + 1, layout);
      write_string (out, name);
      g_string_append (out, layout == LAYOUT_COMPACT ? ":" : ": ");
      write_node (out, member, indent + 1, layout);
      first = FALSE;
    }
  if (!first)
    separate (out, indent, layout);
  g_string_append_c (out, '}');
}

static void
write_array (GString   *out,
             JsonArray *array,
             guint      indent,
             Layout     layout)
{
  guint length = json_array_get_length (array);

  g_string_append_c (out, '[');
  for (guint i = 0; i < length; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      /* Numbers and strings of a one-line array need no space inside the brackets. */
      if (layout != LAYOUT_LINE || i > 0)
        separate (out, indent + 1, layout);
      write_node (out, json_array_get_element (array, i), indent + 1, layout);
    }
  if (length > 0 && layout == LAYOUT_PRETTY)
    separate (out, indent, layout);
  g_string_append_c (out, ']');
}

/* Writes a flat container on one line when the line stays short enough. */
static gboolean
write_on_one_line (GString  *out,
                   JsonNode *node,
                   guint     indent)
{
  gsize start = out->len;
  gsize column = 0;

  while (column < start && out->str[start - column - 1] != '\n')
    column++;

  write_node (out, node, indent, LAYOUT_LINE);
  if (column + (out->len - start) <= LINE_WIDTH)
    return TRUE;

  g_string_truncate (out, start);
  return FALSE;
}

static void
write_node (GString  *out,
            JsonNode *node,
            guint     indent,
            Layout    layout)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    g_string_append (out, "null");
  else if (JSON_NODE_HOLDS_VALUE (node))
    write_value (out, node);
  else if (layout == LAYOUT_PRETTY && is_flat (node) && write_on_one_line (out, node, indent))
    return;
  else if (JSON_NODE_HOLDS_OBJECT (node))
    write_object (out, json_node_get_object (node), indent, layout);
  else
    write_array (out, json_node_get_array (node), indent, layout);
}

/**
 * gp_json_to_string:
 * @root: a JSON tree
 * @pretty: whether to indent it for people
 *
 * Returns: (transfer full): the tree as JSON text, ending in a newline when @pretty
 */
char *
gp_json_to_string (JsonNode *root,
                   gboolean  pretty)
{
  GString *out = g_string_new (NULL);

  write_node (out, root, 0, pretty ? LAYOUT_PRETTY : LAYOUT_COMPACT);
  if (pretty)
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/**
 * gp_json_to_bytes:
 * @root: a JSON tree
 * @pretty: whether to indent it for people
 *
 * Returns: (transfer full): the tree as JSON text
 */
GBytes *
gp_json_to_bytes (JsonNode *root,
                  gboolean  pretty)
{
  char *text = gp_json_to_string (root, pretty);

  return g_bytes_new_take (text, strlen (text));
}
