/* gp-aws-spot.h — the EC2 spot prices the EC2 spot pricing page reads
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-catalog.h"
#include "gp-import-report.h"

G_BEGIN_DECLS

#define GP_AWS_SPOT_URL "https://website.spot.ec2.aws.a2z.com/spot.js"
#define GP_AWS_SPOT_SOURCE_ID "aws-spot"

/* One instance type's spot price in one region. */
typedef struct
{
  char  *instance;   /* "aws-ec2/p5.48xlarge" */
  char  *region;
  double spot;
} GpAwsSpot;

GPtrArray *gp_aws_spot_parse     (GBytes          *feed,
                                  const char      *file,
                                  GpCatalog       *base,
                                  GpImportReport  *report,
                                  GPtrArray       *notes,
                                  GError         **error);
GPtrArray *gp_aws_spot_from_part (GBytes          *part,
                                  char           **url,
                                  char           **as_of);
GBytes    *gp_aws_spot_complete  (GpCatalog       *working,
                                  GPtrArray       *spots,
                                  const char      *url,
                                  const char      *as_of,
                                  guint           *offers,
                                  GError         **error);

G_END_DECLS
