/* gp-document.h — a report as blocks of plain text: written as Markdown or set as a PDF
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * GpBlockKind:
 * @GP_BLOCK_TITLE: the document's title
 * @GP_BLOCK_HEADING: a section's heading
 * @GP_BLOCK_PARAGRAPH: a paragraph
 * @GP_BLOCK_BULLET: an item of a list
 * @GP_BLOCK_TABLE: a table, its first row the header, its last column set right
 * @GP_BLOCK_CODE: a block of code, in a monospace face
 * @GP_BLOCK_CHART: where the document's chart goes
 */
typedef enum
{
  GP_BLOCK_TITLE,
  GP_BLOCK_HEADING,
  GP_BLOCK_PARAGRAPH,
  GP_BLOCK_BULLET,
  GP_BLOCK_TABLE,
  GP_BLOCK_CODE,
  GP_BLOCK_CHART,
} GpBlockKind;

/**
 * GpBlock:
 * @kind: what it is
 * @text: (nullable): its words, or its code, as they are: never markup
 * @bold: set in bold
 * @language: (nullable): a code block's language
 * @rows: (element-type GStrv) (nullable): a table's rows of cells
 * @bold_rows: (element-type gboolean) (nullable): whether each row is bold
 */
typedef struct
{
  GpBlockKind kind;
  char *text;
  gboolean bold;
  char *language;
  GPtrArray *rows;
  GArray *bold_rows;
} GpBlock;

typedef struct _GpDocument GpDocument;

GpDocument *gp_document_new            (void);
void        gp_document_free           (GpDocument  *self);
guint       gp_document_get_n_blocks   (GpDocument  *self);
GpBlock    *gp_document_get_block      (GpDocument  *self,
                                        guint        index);
void        gp_document_add_text       (GpDocument  *self,
                                        GpBlockKind  kind,
                                        const char  *text,
                                        gboolean     bold);
void        gp_document_add_table      (GpDocument  *self,
                                        const char * const *header);
void        gp_document_add_row        (GpDocument  *self,
                                        const char * const *cells,
                                        gboolean     bold);
void        gp_document_add_code       (GpDocument  *self,
                                        const char  *language,
                                        const char  *code);
void        gp_document_add_chart      (GpDocument  *self);
char       *gp_document_to_markdown    (GpDocument  *self);
GpDocument *gp_document_new_from_markdown (const char *markdown,
                                           const char *chart_mark);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpDocument, gp_document_free)

G_END_DECLS
