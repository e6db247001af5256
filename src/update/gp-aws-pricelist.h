/* gp-aws-pricelist.h — the AWS Price List bulk files, read as they stream in
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-http-fetch.h"
#include "gp-json-stream.h"

G_BEGIN_DECLS

#define GP_AWS_PRICELIST_INDEX_URL \
  "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/index.json"

typedef enum
{
  GP_AWS_SERVICE_EC2,
  GP_AWS_SERVICE_SAGEMAKER,
} GpAwsService;

typedef struct _GpAwsPricelist GpAwsPricelist;

typedef struct
{
  GBytes    *part;     /* the layer: EC2 and SageMaker prices */
  guint      offers;
  guint64    bytes;    /* downloaded, all files together */
  char      *as_of;    /* the oldest publicationDate of the offer files read */
  GPtrArray *notes;    /* char *: what was left out, and where */
} GpAwsPricelistResult;

GpAwsPricelist       *gp_aws_pricelist_new          (GpCatalog            *base);
void                  gp_aws_pricelist_set_read_func (GpAwsPricelist     *self,
                                                      GpJsonStreamRead    read,
                                                      gpointer            data);
void                  gp_aws_pricelist_free         (GpAwsPricelist       *self);
gboolean              gp_aws_pricelist_read_offer   (GpAwsPricelist       *self,
                                                     GpAwsService          service,
                                                     GInputStream         *input,
                                                     const char           *file,
                                                     GCancellable         *cancellable,
                                                     GError              **error);
GpAwsPricelistResult *gp_aws_pricelist_finish_part  (GpAwsPricelist       *self,
                                                     const char           *url,
                                                     GError              **error);
void                  gp_aws_pricelist_fetch_async  (const char           *index_url,
                                                     GpCatalog            *base,
                                                     GpHttpProgress        progress,
                                                     gpointer              progress_data,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
GpAwsPricelistResult *gp_aws_pricelist_fetch_finish (GAsyncResult         *result,
                                                     GError              **error);
void                  gp_aws_pricelist_result_free  (GpAwsPricelistResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpAwsPricelist, gp_aws_pricelist_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpAwsPricelistResult, gp_aws_pricelist_result_free)

G_END_DECLS
