/* gp-compat.c
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* The one file allowed to call API newer than the Debian 12 floor, always behind a version
 * check with a working floor path beside it. On newer runtimes (the Flatpak) the newer path is
 * the one that runs. */
#undef GDK_VERSION_MAX_ALLOWED
#undef ADW_VERSION_MAX_ALLOWED

#include <adwaita.h>
#include <glib/gi18n.h>

#include "gp-compat.h"

static const char *price_sources[] = {
  "Amazon EC2 On-Demand Pricing https://aws.amazon.com/ec2/pricing/on-demand/",
  "Amazon SageMaker Pricing https://aws.amazon.com/sagemaker/pricing/",
  "Azure Virtual Machines Pricing https://azure.microsoft.com/pricing/details/virtual-machines/linux/",
  "Azure Retail Prices API https://prices.azure.com/api/retail/prices",
  "Google Cloud GPU Pricing https://cloud.google.com/compute/gpus-pricing",
  "Google Colab https://colab.research.google.com/signup",
  "Lambda Pricing https://lambda.ai/pricing",
  "SkyPilot Catalog https://github.com/skypilot-org/skypilot-catalog",
  NULL
};

void
gp_compat_show_about (GtkWindow *parent)
{
  static const char *developers[] = { "The GPU Planner developers", NULL };
  GObject *about;
  GType about_type;

#if ADW_CHECK_VERSION (1, 5, 0)
  about_type = ADW_TYPE_ABOUT_DIALOG;
#else
  about_type = ADW_TYPE_ABOUT_WINDOW;
#endif

  about = g_object_new (about_type,
                        "application-name", _("GPU Planner"),
                        "application-icon", APP_ID,
                        "developer-name", _("The GPU Planner developers"),
                        "version", PACKAGE_VERSION,
                        "website", PACKAGE_WEBSITE,
                        "issue-url", PACKAGE_ISSUES,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The GPU Planner developers",
                        "developers", developers,
                        /* Translators: put your names here, one per line */
                        "translator-credits", _("translator-credits"),
                        "comments", _("Plan where to train on cloud GPUs: compare the platforms, "
                                      "estimate a job's cost and time, and see why one fits."),
                        NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_credit_section (ADW_ABOUT_DIALOG (about), _("Price Data"), price_sources);
  adw_dialog_present (ADW_DIALOG (about), parent ? GTK_WIDGET (parent) : NULL);
#else
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Price Data"), price_sources);
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}
