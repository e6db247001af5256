/* gp-util.h — small helpers GLib 2.74 lacks
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* g_set_str() arrived in GLib 2.76. Returns TRUE when *str_pointer changed. */
static inline gboolean
gp_set_str (char       **str_pointer,
            const char  *new_str)
{
  char *copy;

  if (*str_pointer == new_str || g_strcmp0 (*str_pointer, new_str) == 0)
    return FALSE;

  copy = g_strdup (new_str);
  g_free (*str_pointer);
  *str_pointer = copy;
  return TRUE;
}

/* An enum value's nick, as glib-mkenums made it; NULL for a value the type lacks. Enum
 * classes live as long as the program, so the nick outlives the reference. */
static inline const char *
gp_enum_to_nick (GType type,
                 int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (klass, value);

  return found != NULL ? found->value_nick : NULL;
}

/* The value of @nick in the enum @type; FALSE, leaving @value, when there is none. */
static inline gboolean
gp_enum_from_nick (GType       type,
                   const char *nick,
                   int        *value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *found = nick != NULL ? g_enum_get_value_by_nick (klass, nick) : NULL;

  if (found == NULL)
    return FALSE;
  *value = found->value;
  return TRUE;
}

/* The nicks of the flags set in @flags, in the type's order. */
static inline GStrv
gp_flags_to_nicks (GType type,
                   guint flags)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (type);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < klass->n_values; i++)
    if (klass->values[i].value != 0 && (flags & klass->values[i].value) == klass->values[i].value)
      g_strv_builder_add (builder, klass->values[i].value_nick);

  return g_strv_builder_end (builder);
}

/* A GCompareFunc for g_ptr_array_sort() of strings, which is handed pointers to the elements:
 * g_strcmp0 given there compares the elements' addresses, in no stable order
 * (g_ptr_array_sort_values() arrived in GLib 2.76). */
static inline int
gp_compare_string_elements (gconstpointer a,
                            gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

G_END_DECLS
