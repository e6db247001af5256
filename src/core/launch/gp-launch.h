/* gp-launch.h — how to start a job on an offer: launch code, the data upload, the environment
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gp-document.h"
#include "gp-estimate.h"
#include "gp-instance.h"
#include "gp-offer.h"
#include "gp-provider.h"

G_BEGIN_DECLS

#define GP_LAUNCH_ERROR (gp_launch_error_quark ())

typedef enum
{
  GP_LAUNCH_ERROR_INVALID,
  GP_LAUNCH_ERROR_NO_TEMPLATE,
  GP_LAUNCH_ERROR_CANNOT_FILL,
  GP_LAUNCH_ERROR_NO_BLOCK,
} GpLaunchError;

/**
 * GpLaunchSource:
 * @title: the documentation page
 * @url: (nullable): its address
 * @as_of: the day the template was checked against it
 * @of_environment: it gives what the platform's machines come with, not the code
 */
typedef struct
{
  char    *title;
  char    *url;
  char    *as_of;
  gboolean of_environment;
} GpLaunchSource;

/**
 * GpLaunchUpload:
 * @dataset_gb: the data to put where the job runs, 0 for none
 * @upload_mbps: the user's upload speed
 * @data_dir: where the data is on the user's machine
 * @data_region: (nullable): the region the data is in now, when it is in a cloud
 */
typedef struct
{
  double      dataset_gb;
  double      upload_mbps;
  const char *data_dir;
  const char *data_region;
} GpLaunchUpload;

/**
 * GpLaunchSnippet:
 * @format: the kind of code: "sagemaker", "vertex", "azureml", "skypilot", "shell", "colab"
 * @language: how to read it: "python", "yaml", "shell" or "text"
 * @text: the code, the offer's fields filled in, the user's own left as MY_ values
 * @placeholders: (array zero-terminated=1): the user's values to fill, in the order they come
 * @descriptions: (array zero-terminated=1): what each is
 * @sources: (element-type GpLaunchSource): where the template comes from
 * @upload: (nullable): the command that puts the data there, when there is data
 * @upload_hours: how long the upload takes at the user's speed
 * @egress_back_gb: the data that would be brought back, billed as egress
 * @egress_back: what bringing the data back costs, in the catalog's currency; NAN when unknown
 * @containers: whether jobs there run in container images: 1, 0, or -1 when no source says
 * @images: (nullable): the images that ship there, framework and CUDA, where a dated source
 *   says, translated
 * @copy_from: (nullable): the region the data is in when it is not the machine's
 * @copy_gb: the data copied from @copy_from to the machine's region
 * @copy_egress: what that copy costs, in the catalog's currency, at the platform's egress rate
 *   (an upper bound); NAN when the platform does not list @copy_from or there is no copy
 */
typedef struct
{
  char      *format;
  char      *language;
  char      *text;
  GStrv      placeholders;
  GStrv      descriptions;
  GPtrArray *sources;
  char      *upload;
  double     upload_hours;
  double     egress_back_gb;
  double     egress_back;
  int        containers;
  char      *images;
  char      *copy_from;
  double     copy_gb;
  double     copy_egress;
} GpLaunchSnippet;

#define GP_TYPE_LAUNCH_DATA (gp_launch_data_get_type ())

G_DECLARE_FINAL_TYPE (GpLaunchData, gp_launch_data, GP, LAUNCH_DATA, GObject)

GQuark           gp_launch_error_quark          (void);
GpLaunchData    *gp_launch_data_new_from_bytes  (GBytes              *bytes,
                                                 const char          *name,
                                                 GError             **error);
GpLaunchData    *gp_launch_data_get_default     (void);
GStrv            gp_launch_data_dup_formats     (GpLaunchData        *self,
                                                 GpProvider          *provider);
char            *gp_launch_data_dup_upload      (GpLaunchData        *self,
                                                 GpProvider          *provider,
                                                 const char          *region,
                                                 const char          *data_dir,
                                                 const char         **language);
const char      *gp_launch_data_get_environment (GpLaunchData        *self,
                                                 GpProvider          *provider,
                                                 int                 *containers);
gboolean         gp_launch_data_offers_spot     (GpLaunchData        *self,
                                                 GpProvider          *provider,
                                                 const char          *format);
GpLaunchSnippet *gp_launch_render               (GpLaunchData        *self,
                                                 GpOffer             *offer,
                                                 const char          *format,
                                                 gboolean             spot,
                                                 const GpLaunchUpload *upload,
                                                 GError             **error);
GpLaunchSnippet *gp_launch_render_with_values   (GpLaunchData        *self,
                                                 GpOffer             *offer,
                                                 const char          *format,
                                                 gboolean             spot,
                                                 const GpLaunchUpload *upload,
                                                 GHashTable          *values,
                                                 GError             **error);
GpLaunchSnippet *gp_launch_render_capacity_block (GpLaunchData       *self,
                                                  GpOffer            *offer,
                                                  double              wall_hours,
                                                  const GpLaunchUpload *upload,
                                                  GHashTable         *values,
                                                  GError            **error);
GpLaunchSnippet *gp_launch_render_estimate      (GpLaunchData        *self,
                                                 GpEstimate          *estimate,
                                                 const GpLaunchUpload *upload,
                                                 GError             **error);
void             gp_launch_snippet_free         (GpLaunchSnippet     *snippet);
const char      *gp_launch_format_get_label     (const char          *format);
void             gp_launch_snippet_append_markdown (const GpLaunchSnippet *snippet,
                                                    GString               *text);
void             gp_launch_snippet_add_to_document (const GpLaunchSnippet *snippet,
                                                    GpDocument            *document);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GpLaunchSnippet, gp_launch_snippet_free)

G_END_DECLS
