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

/* g_string_append_len() as GLib 2.76 inlines it: a listing appends a few bytes at a time,
 * millions of times. */
static inline void
append_len (GString    *out,
            const char *text,
            gsize       length)
{
  if (G_LIKELY (out->len + length < out->allocated_len))
    {
      memcpy (out->str + out->len, text, length);
      out->len += length;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, text, length);
}

static inline void
append_text (GString    *out,
             const char *text)
{
  append_len (out, text, strlen (text));
}

typedef enum
{
  LAYOUT_COMPACT,  /* no spaces at all */
  LAYOUT_LINE,     /* one line, a space after each separator */
  LAYOUT_PRETTY,   /* indented, flat containers on one line where they fit */
} Layout;

static void write_node (GString *out, JsonNode *node, guint indent, Layout layout, gsize limit);

/* A price as its list wrote it, 3.06 or 0.0125: a value that is the double nearest a decimal
 * of at most six places, written as that decimal without printf's float formatting, which was
 * most of the time an import took to write ten thousand offers. The text is the one "%.15g"
 * gives (fixed notation from 1e-4 on, at most 15 significant digits), so nothing written
 * changes; anything else is left to the general way. */
static gboolean
format_short_decimal (double  value,
                      char   *buffer)
{
  static const guint64 powers[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };
  double magnitude = fabs (value);
  char digits[32];
  guint length = 0;
  char *out = buffer;

  if (!(magnitude >= 1e-4 && magnitude < 1e9))
    return FALSE;

  for (guint places = 1; places < G_N_ELEMENTS (powers); places++)
    {
      double scale = (double) powers[places];
      double scaled = nearbyint (magnitude * scale);
      guint64 whole, fraction;

      /* Both sides are the double nearest the same decimal, or they differ. */
      if (scaled / scale != magnitude)
        continue;

      whole = (guint64) scaled / powers[places];
      fraction = (guint64) scaled % powers[places];
      if (value < 0)
        *out++ = '-';
      do
        digits[length++] = (char) ('0' + whole % 10);
      while ((whole /= 10) > 0);
      while (length > 0)
        *out++ = digits[--length];
      *out++ = '.';
      for (guint i = places; i > 0; i--)
        {
          *out++ = (char) ('0' + fraction / powers[i - 1]);
          fraction %= powers[i - 1];
        }
      *out = '\0';
      return TRUE;
    }

  return FALSE;
}

/* What "%.0f" and "%" G_GINT64_FORMAT write of a whole number, without printf. */
static char *
format_integer (gint64  value,
                char   *buffer)
{
  char digits[24];
  guint length = 0;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;
  char *out = buffer;

  do
    digits[length++] = (char) ('0' + magnitude % 10);
  while ((magnitude /= 10) > 0);
  if (value < 0)
    *out++ = '-';
  while (length > 0)
    *out++ = digits[--length];
  *out = '\0';
  return buffer;
}

/* Writes @value as the shortest text that reads back as the same double, in the C locale and
 * valid as a JSON number: 2.4, not 2.3999999999999999; 1e+20, not 1e+20.0. */
char *
gp_json_format_number (double  value,
                       char   *buffer)
{
  if (!isfinite (value))
    return strcpy (buffer, "null");

  if (value == floor (value) && fabs (value) < 1e15)
    return format_integer ((gint64) value, buffer);

  if (format_short_decimal (value, buffer))
    return buffer;

  /* Any decimal of 15 significant digits or fewer reads back as the double nearest it, and %g
   * drops the zeros after it: if 15 digits read back, they are the shortest text. Else 16, or
   * the 17 that always do. */
  g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.15g", value);
  if (g_ascii_strtod (buffer, NULL) == value)
    return buffer;
  g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.16g", value);
  if (g_ascii_strtod (buffer, NULL) == value)
    return buffer;
  return g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, "%.17g", value);
}

/* The bytes a string's text must escape, and its end: strcspn() builds its table of them
 * again at every call. */
static gboolean
needs_escape (guchar c)
{
  return c < 0x20 || c == '"' || c == '\\' || c == 0x7f;
}

static gsize
plain_run (const char *text)
{
  const guchar *p = (const guchar *) text;

  while (!needs_escape (*p))
    p++;
  return p - (const guchar *) text;
}

static void
write_string (GString    *out,
              const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;
      gsize plain = plain_run (p);

      /* Most of a layer's text needs no escape: copied a run at a time. */
      if (plain > 0)
        {
          append_len (out, p, plain);
          p += plain - 1;
          continue;
        }

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
      static const char spaces[] = "\n                                ";

      if (2 * indent + 1 < sizeof spaces)
        append_len (out, spaces, 2 * indent + 1);
      else
        {
          g_string_append_c (out, '\n');
          for (guint i = 0; i < indent; i++)
            append_len (out, "  ", 2);
        }
    }
}

/* @limit: in one-line layout, where the line would be too long: writing stops past it. */
static void
write_object (GString    *out,
              JsonObject *object,
              guint       indent,
              Layout      layout,
              gsize       limit)
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
      write_node (out, member, indent + 1, layout, limit);
      first = FALSE;
      if (out->len > limit)
        return;
    }
  if (!first)
    separate (out, indent, layout);
  g_string_append_c (out, '}');
}

static void
write_array (GString   *out,
             JsonArray *array,
             guint      indent,
             Layout     layout,
             gsize      limit)
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
      write_node (out, json_array_get_element (array, i), indent + 1, layout, limit);
      if (out->len > limit)
        return;
    }
  if (length > 0 && layout == LAYOUT_PRETTY)
    separate (out, indent, layout);
  g_string_append_c (out, ']');
}

/* The column the text ends at: how much of a line is taken before a value is written. */
static gsize
current_column (GString *out)
{
  gsize column = 0;

  while (column < out->len && out->str[out->len - column - 1] != '\n')
    column++;
  return column;
}

/* Writes a flat container on one line when the line stays short enough. */
static gboolean
write_on_one_line (GString  *out,
                   JsonNode *node,
                   guint     indent)
{
  gsize start = out->len;
  gsize column = current_column (out);

  if (column > LINE_WIDTH)
    return FALSE;

  /* Writing stops as soon as the line is too long: a long object is not written out whole
   * only to be thrown away. */
  write_node (out, node, indent, LAYOUT_LINE, start + (LINE_WIDTH - column));
  if (column + (out->len - start) <= LINE_WIDTH)
    return TRUE;

  g_string_truncate (out, start);
  return FALSE;
}

static void
write_node (GString  *out,
            JsonNode *node,
            guint     indent,
            Layout    layout,
            gsize     limit)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    g_string_append (out, "null");
  else if (JSON_NODE_HOLDS_VALUE (node))
    write_value (out, node);
  else if (layout == LAYOUT_PRETTY && is_flat (node) && write_on_one_line (out, node, indent))
    return;
  else if (JSON_NODE_HOLDS_OBJECT (node))
    write_object (out, json_node_get_object (node), indent, layout, limit);
  else
    write_array (out, json_node_get_array (node), indent, layout, limit);
}

char *
gp_json_to_string (JsonNode *root,
                   gboolean  pretty)
{
  GString *out = g_string_new (NULL);

  write_node (out, root, 0, pretty ? LAYOUT_PRETTY : LAYOUT_COMPACT, G_MAXSIZE);
  if (pretty)
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

GBytes *
gp_json_to_bytes (JsonNode *root,
                  gboolean  pretty)
{
  char *text = gp_json_to_string (root, pretty);

  return g_bytes_new_take (text, strlen (text));
}

/* Values written without a tree: the layout write_node() gives the same values. */

static void append_flat_object (GString *out,
                                const char *const *keys,
                                const GpJsonValue *values,
                                guint n,
                                guint indent,
                                gboolean one_line,
                                gsize limit);

static guint
value_length (const GpJsonValue *value)
{
  if (value->kind == GP_JSON_VALUE_NUMBERS)
    return value->length;
  return value->strings != NULL ? g_strv_length ((char **) value->strings) : 0;
}

static void
append_plain_value (GString           *out,
                    const GpJsonValue *value,
                    guint              index)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  switch (value->kind)
    {
    case GP_JSON_VALUE_STRING:
      write_string (out, value->string);
      break;

    case GP_JSON_VALUE_NUMBER:
      append_text (out, gp_json_format_number (value->number, buffer));
      break;

    case GP_JSON_VALUE_INTEGER:
      append_text (out, format_integer ((gint64) value->number, buffer));
      break;

    case GP_JSON_VALUE_BOOLEAN:
      append_text (out, value->number != 0 ? "true" : "false");
      break;

    case GP_JSON_VALUE_STRINGS:
      write_string (out, value->strings[index]);
      break;

    case GP_JSON_VALUE_NUMBERS:
      append_text (out, gp_json_format_number (value->numbers[index], buffer));
      break;

    case GP_JSON_VALUE_NULL:
    default:
      g_string_append (out, "null");
    }
}

/* A flat array (strings or numbers) at @indent, laid out as write_array() lays it out. */
static void
append_array_value (GString           *out,
                    const GpJsonValue *value,
                    guint              indent,
                    gboolean           one_line,
                    gsize              limit)
{
  guint n = value_length (value);

  /* On one line where it fits, as write_on_one_line() does. */
  if (!one_line)
    {
      gsize start = out->len, column = current_column (out);

      if (column <= LINE_WIDTH)
        {
          append_array_value (out, value, indent, TRUE, start + (LINE_WIDTH - column));
          if (column + (out->len - start) <= LINE_WIDTH)
            return;
          g_string_truncate (out, start);
        }
    }

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      if (!one_line || i > 0)
        separate (out, indent + 1, one_line ? LAYOUT_LINE : LAYOUT_PRETTY);
      append_plain_value (out, value, i);
      if (one_line && out->len > limit)
        return;
    }
  if (n > 0 && !one_line)
    separate (out, indent, LAYOUT_PRETTY);
  g_string_append_c (out, ']');
}

static void
append_value (GString           *out,
              const GpJsonValue *value,
              guint              indent,
              gboolean           one_line,
              gsize              limit)
{
  if (value->kind == GP_JSON_VALUE_STRINGS || value->kind == GP_JSON_VALUE_NUMBERS)
    append_array_value (out, value, indent, one_line, limit);
  else
    append_plain_value (out, value, 0);
}

static void
append_flat_object (GString           *out,
                    const char *const *keys,
                    const GpJsonValue *values,
                    guint              n,
                    guint              indent,
                    gboolean           one_line,
                    gsize              limit)
{
  Layout layout = one_line ? LAYOUT_LINE : LAYOUT_PRETTY;

  g_string_append_c (out, '{');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      separate (out, indent + 1, layout);
      write_string (out, keys[i]);
      append_len (out, ": ", 2);
      append_value (out, &values[i], indent + 1, one_line, limit);
      if (one_line && out->len > limit)
        return;
    }
  if (n > 0)
    separate (out, indent, layout);
  g_string_append_c (out, '}');
}

/* Appends an object of plain values (and flat arrays) as gp_json_to_string() lays out the same
 * object at depth @indent: on one line where it fits, else a member a line. */
void
gp_json_append_flat_object (GString           *out,
                            guint              indent,
                            const char *const *keys,
                            const GpJsonValue *values,
                            guint              n)
{
  gsize start = out->len, column = current_column (out);
  gsize shortest = 1;

  /* Each member takes at least its quoted key, ": ", a value and a separator on one line: an
   * object whose keys alone pass the line's end is not tried on one. */
  for (guint i = 0; i < n && column + shortest <= LINE_WIDTH; i++)
    shortest += strlen (keys[i]) + 6;
  if (column + shortest <= LINE_WIDTH)
    {
      append_flat_object (out, keys, values, n, indent, TRUE, start + (LINE_WIDTH - column));
      if (column + (out->len - start) <= LINE_WIDTH)
        return;
      g_string_truncate (out, start);
    }
  append_flat_object (out, keys, values, n, indent, FALSE, G_MAXSIZE);
}

/* Begins a member of an object laid out a member a line, as gp_json_to_string() writes it: a
 * comma after the one before, a new line at @indent, and the name. Its value follows. */
void
gp_json_append_member (GString    *out,
                       gboolean    first,
                       guint       indent,
                       const char *name)
{
  gp_json_append_element (out, first, indent);
  write_string (out, name);
  g_string_append (out, ": ");
}

/* Begins an element of a container laid out an element a line: a comma after the one before
 * and a new line at @indent. */
void
gp_json_append_element (GString  *out,
                        gboolean  first,
                        guint     indent)
{
  if (!first)
    g_string_append_c (out, ',');
  separate (out, indent, LAYOUT_PRETTY);
}

/* Appends a plain value, or a flat array on one line where it fits, as gp_json_to_string()
 * writes it at depth @indent. */
void
gp_json_append_value (GString           *out,
                      guint              indent,
                      const GpJsonValue *value)
{
  append_value (out, value, indent, FALSE, G_MAXSIZE);
}

/* Appends @node as gp_json_to_string() writes it at depth @indent. */
void
gp_json_append_node (GString  *out,
                     guint     indent,
                     JsonNode *node)
{
  write_node (out, node, indent, LAYOUT_PRETTY, G_MAXSIZE);
}

/* Ends a container laid out an element a line: a new line at @indent and @bracket. */
void
gp_json_append_close (GString *out,
                      guint    indent,
                      char     bracket)
{
  separate (out, indent, LAYOUT_PRETTY);
  g_string_append_c (out, bracket);
}

/* Appends an object of plain values as gp_json_to_string() lays out the same object as an
 * element of a top-level array, without building it: a million rows of a listing are written
 * at the cost of their text alone. "[" comes first, then the rows, then "\n]\n" ("]\n" for
 * none). */
void
gp_json_append_row (GString           *out,
                    gboolean           first,
                    const char *const *keys,
                    const GpJsonValue *values,
                    guint              n)
{
  gp_json_append_element (out, first, 1);
  gp_json_append_flat_object (out, 1, keys, values, n);
}
