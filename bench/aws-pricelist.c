/* aws-pricelist.c — stream a generated 400 MB AWS offer file, in bounded memory
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-aws-pricelist [--megabytes N]
 * Writes an EC2 offer file in AWS's published shape (products by SKU with their attributes,
 * then terms.OnDemand and terms.Reserved), mostly of types and operating systems the refresh
 * passes over, as a busy region's file is; then reads it with the refresh's reader and reports
 * the time and the process's peak memory, which must stay under 200 MB.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/resource.h>

#include "gp-aws-pricelist.h"

#define PEAK_LIMIT_MB 200

static const char *const types[] = { "p5.48xlarge", "p4d.24xlarge", "g5.xlarge",  "g4dn.xlarge",
                                     "m5.large",    "c5.xlarge",    "r5.2xlarge", "t3.micro" };
static const char *const systems[] = { "Linux", "Windows", "RHEL", "SUSE" };

static void
write_product (FILE  *out,
               guint  n,
               gboolean first)
{
  fprintf (out,
           "%s\n  \"SKU%08u\" : {\n    \"sku\" : \"SKU%08u\",\n    \"productFamily\" : \"Compute "
           "Instance\",\n    \"attributes\" : {\n      \"servicecode\" : \"AmazonEC2\",\n"
           "      \"location\" : \"US East (N. Virginia)\",\n      \"locationType\" : \"AWS "
           "Region\",\n      \"instanceType\" : \"%s\",\n      \"currentGeneration\" : \"Yes\",\n"
           "      \"vcpu\" : \"8\",\n      \"memory\" : \"32 GiB\",\n      \"storage\" : \"EBS "
           "only\",\n      \"networkPerformance\" : \"Up to 10 Gigabit\",\n      "
           "\"processorArchitecture\" : \"64-bit\",\n      \"tenancy\" : \"%s\",\n      "
           "\"operatingSystem\" : \"%s\",\n      \"licenseModel\" : \"No License required\",\n"
           "      \"usagetype\" : \"BoxUsage:%s\",\n      \"operation\" : \"RunInstances\",\n"
           "      \"capacitystatus\" : \"%s\",\n      \"preInstalledSw\" : \"NA\",\n"
           "      \"regionCode\" : \"us-east-1\",\n      \"servicename\" : \"Amazon Elastic "
           "Compute Cloud\"\n    }\n  }",
           first ? "" : ",", n, n, types[n % G_N_ELEMENTS (types)],
           n % 3 == 0 ? "Dedicated" : "Shared", systems[(n / 8) % G_N_ELEMENTS (systems)],
           types[n % G_N_ELEMENTS (types)], n % 5 == 0 ? "UnusedCapacityReservation" : "Used");
}

static void
write_term (FILE       *out,
            guint       n,
            const char *code,
            const char *attributes,
            const char *usd)
{
  fprintf (out,
           "    \"SKU%08u.%s\" : {\n      \"offerTermCode\" : \"%s\",\n      \"sku\" : "
           "\"SKU%08u\",\n      \"effectiveDate\" : \"2026-12-01T00:00:00Z\",\n      "
           "\"priceDimensions\" : {\n        \"SKU%08u.%s.6YS6EN2CT7\" : {\n          "
           "\"rateCode\" : \"SKU%08u.%s.6YS6EN2CT7\",\n          \"description\" : \"per hour\",\n"
           "          \"beginRange\" : \"0\",\n          \"endRange\" : \"Inf\",\n          "
           "\"unit\" : \"Hrs\",\n          \"pricePerUnit\" : {\n            \"USD\" : \"%s\"\n"
           "          },\n          \"appliesTo\" : [ ]\n        }\n      },\n      "
           "\"termAttributes\" : { %s }\n    }",
           n, code, code, n, n, code, n, code, usd, attributes);
}

static char *
generate (guint64 megabytes)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-bench-aws-XXXXXX", NULL);
  char *path = g_build_filename (dir, "index.json", NULL);
  FILE *out = fopen (path, "w");
  guint64 target = megabytes * 1024 * 1024;
  guint n_products;

  g_assert_nonnull (out);
  fprintf (out, "{\n  \"formatVersion\" : \"v1.0\",\n  \"disclaimer\" : \"generated\",\n  "
                "\"offerCode\" : \"AmazonEC2\",\n  \"version\" : \"20261201000000\",\n  "
                "\"publicationDate\" : \"2026-12-01T00:00:00Z\",\n  \"products\" : {");
  /* A product and its two terms take about 2 kB. */
  n_products = target / 2100;
  for (guint n = 0; n < n_products; n++)
    write_product (out, n, n == 0);
  fprintf (out, "\n  },\n  \"terms\" : {\n  \"OnDemand\" : {");
  for (guint n = 0; n < n_products; n++)
    {
      g_autofree char *usd = g_strdup_printf ("%.10f", 0.5 + (n % 97) * 0.37);

      fprintf (out, "%s\n  \"SKU%08u\" : {\n", n == 0 ? "" : ",", n);
      write_term (out, n, "JRTCKXETXF", "", usd);
      fprintf (out, "\n  }");
    }
  fprintf (out, "\n  },\n  \"Reserved\" : {");
  for (guint n = 0; n < n_products; n++)
    {
      g_autofree char *usd = g_strdup_printf ("%.10f", 0.3 + (n % 89) * 0.21);

      fprintf (out, "%s\n  \"SKU%08u\" : {\n", n == 0 ? "" : ",", n);
      write_term (out, n, "4NA7Y494T4",
                  "\"LeaseContractLength\" : \"1yr\", \"OfferingClass\" : \"standard\", "
                  "\"PurchaseOption\" : \"No Upfront\"",
                  usd);
      fprintf (out, "\n  }");
    }
  fprintf (out, "\n  }\n  }\n}\n");
  fclose (out);
  return path;
}

static double
peak_mb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

int
main (int    argc,
      char **argv)
{
  gint64 megabytes = 400;
  const GOptionEntry entries[] = {
    { "megabytes", 0, 0, G_OPTION_ARG_INT64, &megabytes, "Size of the offer file", "N" },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalog) base = NULL;
  g_autoptr(GpAwsPricelist) reader = NULL;
  g_autoptr(GpAwsPricelistResult) result = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) input = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  gint64 start;
  double seconds, peak;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  path = generate (megabytes);
  dir = g_path_get_dirname (path);
  file = g_file_new_for_path (path);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);
  base = gp_catalog_new_bundled ();
  reader = gp_aws_pricelist_new (base);
  input = g_file_read (file, NULL, &error);
  g_assert_no_error (error);

  start = g_get_monotonic_time ();
  if (!gp_aws_pricelist_read_offer (reader, GP_AWS_SERVICE_EC2, G_INPUT_STREAM (input),
                                    "AmazonEC2 us-east-1", NULL, &error) ||
      (result = gp_aws_pricelist_finish_part (reader, "file:///bench", &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;
  peak = peak_mb ();

  g_print ("offer file: %.0f MB, %u offers kept, as of %s\n",
           g_file_info_get_size (info) / 1048576.0, result->offers, result->as_of);
  g_print ("read in %.2f s (%.0f MB/s), peak memory %.1f MB (limit %d MB)\n", seconds,
           g_file_info_get_size (info) / 1048576.0 / seconds, peak, PEAK_LIMIT_MB);
  g_unlink (path);
  g_rmdir (dir);
  return peak < PEAK_LIMIT_MB ? 0 : 1;
}
