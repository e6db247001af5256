/* gp-json-stream.c — JSON read token by token from a stream, in bounded memory
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib reads a whole document into a tree; a price list of hundreds of megabytes would
 * be a tree of gigabytes. This reads it a token at a time from a GInputStream, keeping only
 * the open containers' keys (the path, for messages), the current token's text and one
 * buffer; the caller materialises the few small values it keeps (one product, one term) with
 * gp_json_stream_read_value(), whose size is capped too. Each byte is looked at once.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "gp-json-stream.h"
#include "gp-update-error.h"

#define BUFFER_SIZE (64 * 1024)
/* As gp-json-reader's limit, so that a document either reader refuses is refused by both. */
#define MAX_DEPTH 64
/* A key, a string or a number longer than this is not in any price list: an error, not an
 * allocation without end. */
#define MAX_TEXT (1024 * 1024)
/* The most tokens one materialised value may hold. */
#define MAX_VALUE_TOKENS 100000

typedef struct
{
  char kind;   /* '{' or '[' */
  guint count; /* members or elements read */
  char *key;   /* the member being read; NULL in an array */
  guint index; /* the element being read, in an array */
} Level;

struct _GpJsonStream
{
  GInputStream *input;
  char *name;
  guint8 *buffer;
  gsize length;
  gsize position;
  guint64 offset; /* bytes consumed before the buffer */
  gboolean eof;
  guint line;
  guint column;
  GArray *levels;   /* Level */
  GString *text;    /* the current string or number */
  gboolean started; /* the top-level value was begun */
  gboolean done;
  char *key; /* the member name of the last token read */
  GpJsonStreamRead read;
  gpointer read_data;
};

GpJsonStream *
gp_json_stream_new (GInputStream *input,
                    const char   *name)
{
  GpJsonStream *self = g_new0 (GpJsonStream, 1);

  self->input = g_object_ref (input);
  self->name = g_strdup (name);
  self->buffer = g_malloc (BUFFER_SIZE);
  self->line = 1;
  self->column = 1;
  self->levels = g_array_new (FALSE, TRUE, sizeof (Level));
  self->text = g_string_sized_new (256);
  return self;
}

/* @read is told the size of each buffer read from the stream: a download's progress. */
void
gp_json_stream_set_read_func (GpJsonStream     *self,
                              GpJsonStreamRead  read,
                              gpointer          user_data)
{
  self->read = read;
  self->read_data = user_data;
}

void
gp_json_stream_free (GpJsonStream *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->levels->len; i++)
    g_free (g_array_index (self->levels, Level, i).key);
  g_array_unref (self->levels);
  g_string_free (self->text, TRUE);
  g_object_unref (self->input);
  g_free (self->buffer);
  g_free (self->name);
  g_free (self->key);
  g_free (self);
}

char *
gp_json_stream_get_path (GpJsonStream *self)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < self->levels->len; i++)
    {
      Level *level = &g_array_index (self->levels, Level, i);

      if (level->kind == '[')
        g_string_append_printf (path, "[%u]", level->index);
      else if (level->key != NULL)
        g_string_append_printf (path, "%s%s", path->len > 0 ? "." : "", level->key);
    }
  return g_string_free (path, FALSE);
}

/* Sets @error naming the stream, the place in it (the path, the line and column) and what is
 * wrong there. */
void
gp_json_stream_set_error (GpJsonStream  *self,
                          GError       **error,
                          const char    *format,
                          ...)
{
  g_autofree char *what = NULL;
  g_autofree char *path = gp_json_stream_get_path (self);
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, GP_UPDATE_ERROR, GP_UPDATE_ERROR_FORMAT,
               _("%s: %s%s%s (line %u, column %u)"), self->name, *path != '\0' ? path : "",
               *path != '\0' ? ": " : "", what, self->line, self->column);
}

static gboolean
fill (GpJsonStream  *self,
      GCancellable  *cancellable,
      GError       **error)
{
  gssize got;

  if (self->eof)
    return TRUE;
  self->offset += self->length;
  self->position = 0;
  self->length = 0;
  got = g_input_stream_read (self->input, self->buffer, BUFFER_SIZE, cancellable, error);
  if (got < 0)
    return FALSE;
  if (got == 0)
    self->eof = TRUE;
  self->length = got;
  if (got > 0 && self->read != NULL)
    self->read (got, self->read_data);
  return TRUE;
}

/* The next byte, not consumed; -1 at the end, -2 on an error. */
static inline int
peek (GpJsonStream  *self,
      GCancellable  *cancellable,
      GError       **error)
{
  if (self->position >= self->length)
    {
      if (!fill (self, cancellable, error))
        return -2;
      if (self->length == 0)
        return -1;
    }
  return self->buffer[self->position];
}

static inline void
consume (GpJsonStream *self)
{
  if (self->buffer[self->position] == '\n')
    {
      self->line++;
      self->column = 1;
    }
  else if ((self->buffer[self->position] & 0xc0) != 0x80)
    self->column++;
  self->position++;
}

/* The next byte that is not white space, not consumed. */
static int
peek_token (GpJsonStream  *self,
            GCancellable  *cancellable,
            GError       **error)
{
  int c;

  while ((c = peek (self, cancellable, error)) == ' ' || c == '\n' || c == '\r' || c == '\t')
    consume (self);
  return c;
}

static gboolean
unexpected (GpJsonStream  *self,
            int            c,
            const char    *expected,
            GError       **error)
{
  if (c == -2)
    return FALSE;
  if (c == -1)
    gp_json_stream_set_error (self, error, "the file ends early, %s was expected", expected);
  else if (c >= 0x20 && c < 0x7f)
    gp_json_stream_set_error (self, error, "“%c” where %s was expected", c, expected);
  else
    gp_json_stream_set_error (self, error, "byte 0x%02x where %s was expected", c, expected);
  return FALSE;
}

static gboolean
read_hex4 (GpJsonStream  *self,
           gunichar      *value,
           GCancellable  *cancellable,
           GError       **error)
{
  *value = 0;
  for (guint i = 0; i < 4; i++)
    {
      int c = peek (self, cancellable, error);

      if (c < 0 || !g_ascii_isxdigit (c))
        return unexpected (self, c, "a hexadecimal digit", error);
      *value = *value * 16 + g_ascii_xdigit_value (c);
      consume (self);
    }
  return TRUE;
}

static gboolean
read_escape (GpJsonStream  *self,
             GCancellable  *cancellable,
             GError       **error)
{
  static const char from[] = "\"\\/bfnrt";
  static const char to[] = "\"\\/\b\f\n\r\t";
  int c = peek (self, cancellable, error);
  const char *at;
  gunichar unit, low;

  if (c > 0 && c != 'u' && (at = strchr (from, c)) != NULL)
    {
      consume (self);
      g_string_append_c (self->text, to[at - from]);
      return TRUE;
    }
  if (c != 'u')
    return unexpected (self, c, "an escape", error);
  consume (self);
  if (!read_hex4 (self, &unit, cancellable, error))
    return FALSE;
  if (unit >= 0xd800 && unit < 0xdc00)
    {
      if (peek (self, cancellable, error) != '\\')
        return unexpected (self, peek (self, cancellable, error), "a surrogate's pair", error);
      consume (self);
      if (peek (self, cancellable, error) != 'u')
        return unexpected (self, peek (self, cancellable, error), "a surrogate's pair", error);
      consume (self);
      if (!read_hex4 (self, &low, cancellable, error))
        return FALSE;
      if (low < 0xdc00 || low > 0xdfff)
        {
          gp_json_stream_set_error (self, error, "a lone surrogate in a string");
          return FALSE;
        }
      unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    }
  else if ((unit >= 0xdc00 && unit <= 0xdfff) || unit == 0)
    {
      gp_json_stream_set_error (self, error, "a lone surrogate or a NUL character in a string");
      return FALSE;
    }
  g_string_append_unichar (self->text, unit);
  return TRUE;
}

/* A string after its opening quote, into self->text. */
static gboolean
read_string (GpJsonStream  *self,
             GCancellable  *cancellable,
             GError       **error)
{
  g_string_truncate (self->text, 0);
  for (;;)
    {
      int c = peek (self, cancellable, error);

      if (c < 0x20)
        return unexpected (self, c, "the end of the string", error);
      consume (self);
      if (c == '"')
        break;
      if (c == '\\')
        {
          if (!read_escape (self, cancellable, error))
            return FALSE;
        }
      else
        g_string_append_c (self->text, c);
      if (self->text->len > MAX_TEXT)
        {
          gp_json_stream_set_error (self, error, "a string longer than %u bytes", MAX_TEXT);
          return FALSE;
        }
    }
  if (!g_utf8_validate_len (self->text->str, self->text->len, NULL))
    {
      gp_json_stream_set_error (self, error, "a string that is not UTF-8");
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_number (GpJsonStream  *self,
             GCancellable  *cancellable,
             GError       **error)
{
  const char *end = NULL;
  int c;

  g_string_truncate (self->text, 0);
  while ((c = peek (self, cancellable, error)) >= 0 &&
         (g_ascii_isdigit (c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'))
    {
      g_string_append_c (self->text, c);
      consume (self);
      if (self->text->len > 64)
        break;
    }
  if (c == -2)
    return FALSE;
  g_ascii_strtod (self->text->str, (char **) &end);
  if (self->text->len == 0 || end == NULL || *end != '\0' ||
      (self->text->str[0] == '0' && g_ascii_isdigit (self->text->str[1])) ||
      (self->text->str[0] == '-' && !g_ascii_isdigit (self->text->str[1])))
    {
      gp_json_stream_set_error (self, error, "“%s” is not a number", self->text->str);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_literal (GpJsonStream  *self,
              const char    *word,
              GCancellable  *cancellable,
              GError       **error)
{
  for (const char *p = word; *p != '\0'; p++)
    {
      int c = peek (self, cancellable, error);

      if (c != *p)
        return unexpected (self, c, word, error);
      consume (self);
    }
  return TRUE;
}

static gboolean
push (GpJsonStream  *self,
      char           kind,
      GError       **error)
{
  Level level = { kind, 0, NULL, 0 };

  if (self->levels->len >= MAX_DEPTH)
    {
      gp_json_stream_set_error (self, error, "nested more than %u deep", MAX_DEPTH);
      return FALSE;
    }
  g_array_append_val (self->levels, level);
  return TRUE;
}

static void
pop (GpJsonStream *self)
{
  Level *level = &g_array_index (self->levels, Level, self->levels->len - 1);

  g_free (level->key);
  g_array_set_size (self->levels, self->levels->len - 1);
}

/* A value's first token, at the reader's position. */
static gboolean
read_value_token (GpJsonStream  *self,
                  GpJsonToken   *token,
                  GCancellable  *cancellable,
                  GError       **error)
{
  int c = peek_token (self, cancellable, error);

  switch (c)
    {
    case '{':
      consume (self);
      *token = GP_JSON_TOKEN_BEGIN_OBJECT;
      return push (self, '{', error);
    case '[':
      consume (self);
      *token = GP_JSON_TOKEN_BEGIN_ARRAY;
      return push (self, '[', error);
    case '"':
      consume (self);
      *token = GP_JSON_TOKEN_STRING;
      return read_string (self, cancellable, error);
    case 't':
      *token = GP_JSON_TOKEN_TRUE;
      return read_literal (self, "true", cancellable, error);
    case 'f':
      *token = GP_JSON_TOKEN_FALSE;
      return read_literal (self, "false", cancellable, error);
    case 'n':
      *token = GP_JSON_TOKEN_NULL;
      return read_literal (self, "null", cancellable, error);
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        {
          *token = GP_JSON_TOKEN_NUMBER;
          return read_number (self, cancellable, error);
        }
      return unexpected (self, c, "a value", error);
    }
}

/* In an object: the end, or the next member's key and its value's first token. */
static gboolean
next_in_object (GpJsonStream  *self,
                Level         *level,
                GpJsonToken   *token,
                GCancellable  *cancellable,
                GError       **error)
{
  int c = peek_token (self, cancellable, error);

  if (c == '}')
    {
      consume (self);
      pop (self);
      *token = GP_JSON_TOKEN_END_OBJECT;
      return TRUE;
    }
  if (level->count > 0)
    {
      if (c != ',')
        return unexpected (self, c, "“,” or “}”", error);
      consume (self);
      c = peek_token (self, cancellable, error);
    }
  if (c != '"')
    return unexpected (self, c, "a key", error);
  consume (self);
  if (!read_string (self, cancellable, error))
    return FALSE;
  g_free (level->key);
  level->key = g_strdup (self->text->str);
  g_free (self->key);
  self->key = g_strdup (self->text->str);
  c = peek_token (self, cancellable, error);
  if (c != ':')
    return unexpected (self, c, "“:”", error);
  consume (self);
  level->count++;
  return read_value_token (self, token, cancellable, error);
}

static gboolean
next_in_array (GpJsonStream  *self,
               Level         *level,
               GpJsonToken   *token,
               GCancellable  *cancellable,
               GError       **error)
{
  int c = peek_token (self, cancellable, error);

  if (c == ']')
    {
      consume (self);
      pop (self);
      *token = GP_JSON_TOKEN_END_ARRAY;
      return TRUE;
    }
  if (level->count > 0)
    {
      if (c != ',')
        return unexpected (self, c, "“,” or “]”", error);
      consume (self);
    }
  level->index = level->count++;
  g_clear_pointer (&self->key, g_free);
  return read_value_token (self, token, cancellable, error);
}

/* Reads the next token; a member's key is gp_json_stream_get_key() after its value's first
 * token. %GP_JSON_TOKEN_END once the document is read (and nothing but white space follows). */
gboolean
gp_json_stream_next (GpJsonStream  *self,
                     GpJsonToken   *token,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->levels->len > 0)
    {
      Level *level = &g_array_index (self->levels, Level, self->levels->len - 1);

      return level->kind == '{' ? next_in_object (self, level, token, cancellable, error)
                                : next_in_array (self, level, token, cancellable, error);
    }
  if (!self->started)
    {
      self->started = TRUE;
      return read_value_token (self, token, cancellable, error);
    }
  {
    int c = peek_token (self, cancellable, error);

    if (c != -1)
      return c == -2 ? FALSE : unexpected (self, c, "the end of the file", error);
  }
  *token = GP_JSON_TOKEN_END;
  return TRUE;
}

const char *
gp_json_stream_get_key (GpJsonStream *self)
{
  return self->key;
}

const char *
gp_json_stream_get_text (GpJsonStream *self)
{
  return self->text->str;
}

/* The containers open: 1 inside the top-level object. */
guint
gp_json_stream_get_depth (GpJsonStream *self)
{
  return self->levels->len;
}

guint64
gp_json_stream_get_offset (GpJsonStream *self)
{
  return self->offset + self->position;
}

static JsonNode *
scalar_node (GpJsonStream *self,
             GpJsonToken   token)
{
  JsonNode *node = json_node_alloc ();

  switch (token)
    {
    case GP_JSON_TOKEN_STRING:
      return json_node_init_string (node, self->text->str);
    case GP_JSON_TOKEN_NUMBER:
      if (strpbrk (self->text->str, ".eE") == NULL && self->text->len < 16)
        return json_node_init_int (node, g_ascii_strtoll (self->text->str, NULL, 10));
      return json_node_init_double (node, g_ascii_strtod (self->text->str, NULL));
    case GP_JSON_TOKEN_TRUE:
    case GP_JSON_TOKEN_FALSE:
      return json_node_init_boolean (node, token == GP_JSON_TOKEN_TRUE);
    default:
      return json_node_init_null (node);
    }
}

static JsonNode *
read_tree (GpJsonStream  *self,
           GpJsonToken    first,
           guint         *budget,
           GCancellable  *cancellable,
           GError       **error)
{
  gboolean object = first == GP_JSON_TOKEN_BEGIN_OBJECT;
  g_autoptr(JsonNode) node = NULL;
  GpJsonToken token;

  if (first != GP_JSON_TOKEN_BEGIN_OBJECT && first != GP_JSON_TOKEN_BEGIN_ARRAY)
    return scalar_node (self, first);

  node = object ? json_node_init_object (json_node_alloc (), json_object_new ())
                : json_node_init_array (json_node_alloc (), json_array_new ());
  if (object)
    json_object_unref (json_node_get_object (node));
  else
    json_array_unref (json_node_get_array (node));

  for (;;)
    {
      g_autofree char *key = NULL;
      JsonNode *child;

      if (!gp_json_stream_next (self, &token, cancellable, error))
        return NULL;
      if (token == GP_JSON_TOKEN_END_OBJECT || token == GP_JSON_TOKEN_END_ARRAY)
        break;
      if (++*budget > MAX_VALUE_TOKENS)
        {
          gp_json_stream_set_error (self, error, "a value of more than %u parts, too large",
                                    MAX_VALUE_TOKENS);
          return NULL;
        }
      key = object ? g_strdup (self->key) : NULL;
      if ((child = read_tree (self, token, budget, cancellable, error)) == NULL)
        return NULL;
      if (object)
        json_object_set_member (json_node_get_object (node), key, child);
      else
        json_array_add_element (json_node_get_array (node), child);
    }
  return g_steal_pointer (&node);
}

/* Reads the rest of a value (a product, a term) as a tree; a value of more than a hundred
 * thousand parts is an error, so that memory stays bounded whatever the file holds. */
JsonNode *
gp_json_stream_read_value (GpJsonStream  *self,
                           GpJsonToken    first,
                           GCancellable  *cancellable,
                           GError       **error)
{
  guint budget = 0;

  return read_tree (self, first, &budget, cancellable, error);
}

/* Reads past the rest of a value, keeping nothing of it. */
gboolean
gp_json_stream_skip_value (GpJsonStream  *self,
                           GpJsonToken    first,
                           GCancellable  *cancellable,
                           GError       **error)
{
  guint depth = self->levels->len;
  GpJsonToken token;

  if (first != GP_JSON_TOKEN_BEGIN_OBJECT && first != GP_JSON_TOKEN_BEGIN_ARRAY)
    return TRUE;
  while (self->levels->len >= depth)
    if (!gp_json_stream_next (self, &token, cancellable, error))
      return FALSE;
  return TRUE;
}
