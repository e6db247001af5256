/* gp-text.h — what an id, a name and a note may hold
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpTextKind:
 * @GP_TEXT_ID: an id, a region, a provider: letters, digits and `. _ - : /`
 * @GP_TEXT_NAME: a name or a title: printable text on one line
 * @GP_TEXT_NOTE: a note: printable text, with line breaks and tabs
 */
typedef enum
{
  GP_TEXT_ID,
  GP_TEXT_NAME,
  GP_TEXT_NOTE,
} GpTextKind;

/* Longer names are refused: nobody types them, and setting one takes seconds. */
#define GP_TEXT_MAX_NAME 1000
#define GP_TEXT_MAX_ID   200
#define GP_TEXT_MAX_NOTE 20000

gboolean  gp_text_is_utf8    (const char  *text,
                              gsize        length);
gboolean  gp_text_check      (const char  *text,
                              gssize       length,
                              GpTextKind   kind,
                              char       **problem);
char     *gp_text_make_plain (const char  *text,
                              GpTextKind   kind);
gboolean  gp_parse_decimal   (const char  *text,
                              double      *value);
gboolean  gp_parse_short_decimal (const char *text,
                                  gsize       length,
                                  double     *value);
gboolean  gp_date_is_after_today (const char *text);
gboolean  gp_date_is_valid   (const char  *text,
                              gboolean     partial);
const char *gp_text_nearest  (const char         *word,
                              const char * const *known);

/* Which of a search's words one search key holds (bit i for word i), remembered for the search
 * it was worked out for: the offers of one instance, or in one region, share their key, and
 * a search of 100,000 offers looked for its words in each offer's keys again. */
#define GP_SEARCH_MAX_WORDS 32

typedef struct
{
  guint   stamp; /* the search it was worked out for; 0 for none */
  guint32 found;
} GpSearchMemo;

guint    gp_search_new_stamp  (void);
guint32  gp_search_memo_find  (GpSearchMemo       *memo,
                               guint               stamp,
                               const char         *key,
                               const char * const *words);

G_END_DECLS
