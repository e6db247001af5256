/* test-catalog.c — loading, validating and layering catalogs; the bundled catalog itself
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sys/stat.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "gp-array-model.h"
#include "gp-catalog.h"
#include "gp-catalog-writer.h"
#include "gp-currency.h"
#include "gp-enums.h"
#include "gp-lab-layer.h"
#include "gp-model-private.h"
#include "gp-offer-defaults.h"
#include "gp-provider-summary.h"
#include "gp-purchase-price.h"
#include "gp-text.h"
#include "gp-user-offer.h"

/* An instance that is valid on top of the bundled catalog; each case below breaks one thing. */
#define INSTANCE_OF(provider, gpu, count, fields, prices) \
  "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/x\",\"provider\":\"" provider "\"," \
  "\"name\":\"x\",\"gpu\":\"" gpu "\",\"gpu_count\":" count fields "," \
  "\"prices\":[" prices "]}]}"
#define INSTANCE(fields, prices) \
  INSTANCE_OF ("aws-ec2", "t4", "1", ",\"source\":\"skypilot-aws-v8\"" fields, prices)
#define PRICE "{\"region\":\"us-east-1\",\"on_demand\":1.5}"
#define GPU(fields) \
  "{\"schema_version\":1,\"gpus\":[{\"id\":\"g\",\"name\":\"G\",\"memory_gb\":16," \
  "\"source\":\"gpu-t4\"" fields "}]}"
#define PROVIDER(fields, regions) \
  "{\"schema_version\":1,\"providers\":[{\"id\":\"p\",\"name\":\"P\",\"kind\":\"gpu-cloud\"," \
  "\"source\":\"lambda-billing\",\"regions\":[" regions "]" fields "}]}"
#define REGION "{\"id\":\"r\"}"

typedef struct
{
  const char     *name;
  const char     *json;
  GpCatalogError  code;
  const char     *where;   /* must appear in the message: the JSON path, or line:column */
} BadCase;

static const BadCase bad_cases[] = {
  { "truncated", "{\"schema_version\":1,", GP_CATALOG_ERROR_PARSE,
    "bad.json: (top level): the text ends in the middle of a value (line 1, column 21)" },
  { "not-json", "schema_version = 1\n", GP_CATALOG_ERROR_PARSE,
    "bad.json: (top level): unexpected character “s” (line 1, column 1)" },
  { "second-line", "{\n  \"schema_version\": 1,,\n}", GP_CATALOG_ERROR_PARSE,
    "bad.json: (top level): unexpected character “,” (line 2, column 23)" },
  { "empty", "", GP_CATALOG_ERROR_PARSE, "bad.json: (top level): the file is empty" },
  { "invalid-utf8", "{\"schema_version\":1,\"name\":\"\xff\xfe\"}", GP_CATALOG_ERROR_PARSE,
    "bad.json: name: the file is not valid UTF-8 text (line 1, column 29)" },
  { "deep-nesting",
    "{\"schema_version\":1,\"name\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
    "[[",
    GP_CATALOG_ERROR_PARSE, "bad.json: name[0][0]" },
  { "second-value", "{\"schema_version\":1} {}", GP_CATALOG_ERROR_PARSE,
    "bad.json: (top level): more after the first value" },
  { "nul-in-string", "{\"schema_version\":1,\"name\":\"a\\u0000b\"}", GP_CATALOG_ERROR_PARSE,
    "bad.json: name: a NUL character (\\u0000) in a string" },
  { "duplicate-key", "{\"schema_version\":1,\"schema_version\":2}", GP_CATALOG_ERROR_PARSE,
    "bad.json: schema_version: the key is given twice in one object" },
  { "huge-number",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"t\",\"as_of\":\"2026\"}],"
    "\"gpus\":[{\"id\":\"g\",\"name\":\"g\",\"memory_gb\":1e20,\"source\":\"s\"}]}",
    GP_CATALOG_ERROR_PARSE, "bad.json: gpus[0].memory_gb: the number 1e20 is out of range" },
  { "top-level-array", "[]", GP_CATALOG_ERROR_WRONG_TYPE, "(top level): expected an object" },
  { "no-schema-version", "{}", GP_CATALOG_ERROR_MISSING_FIELD,
    "schema_version: required field is missing" },
  { "schema-version-string", "{\"schema_version\":\"1\"}", GP_CATALOG_ERROR_WRONG_TYPE,
    "schema_version: expected a whole number, got \"1\"" },
  { "schema-version-future", "{\"schema_version\":2}", GP_CATALOG_ERROR_SCHEMA_VERSION,
    "schema_version: unsupported schema version 2 (this build reads 1)" },
  { "unknown-top-field", "{\"schema_version\":1,\"gpu\":[]}", GP_CATALOG_ERROR_UNKNOWN_FIELD,
    "bad.json: gpu: unknown field" },
  { "bad-top-date", "{\"schema_version\":1,\"as_of\":\"2025/09/12\"}",
    GP_CATALOG_ERROR_INVALID_VALUE, "as_of: expected a date" },
  { "gpus-not-array", "{\"schema_version\":1,\"gpus\":{}}", GP_CATALOG_ERROR_WRONG_TYPE,
    "gpus: expected an array, got {}" },
  { "gpu-not-object", "{\"schema_version\":1,\"gpus\":[3]}", GP_CATALOG_ERROR_WRONG_TYPE,
    "gpus[0]: expected an object, got 3" },
  { "gpu-missing-name", "{\"schema_version\":1,\"gpus\":[{\"id\":\"g\",\"memory_gb\":1}]}",
    GP_CATALOG_ERROR_MISSING_FIELD, "gpus[0].name: required field is missing" },
  { "gpu-empty-id", GPU ("}, {\"id\":\"\",\"name\":\"H\",\"memory_gb\":1,\"source\":\"gpu-t4\""),
    GP_CATALOG_ERROR_INVALID_VALUE, "gpus[1].id: must not be empty" },
  { "gpu-negative", GPU (",\"fp32_tflops\":-3"), GP_CATALOG_ERROR_INVALID_VALUE,
    "gpus[0].fp32_tflops: expected a non-negative number, got -3" },
  { "gpu-number-as-text", GPU (",\"tdp_w\":\"300 W\""), GP_CATALOG_ERROR_WRONG_TYPE,
    "gpus[0].tdp_w: expected a non-negative number, got \"300 W\"" },
  { "gpu-infinite", GPU (",\"bf16_tflops\":1e999"), GP_CATALOG_ERROR_PARSE,
    "gpus[0].bf16_tflops: the number 1e999 is out of range" },
  { "gpu-fractional-year", GPU (",\"launch_year\":2020.5"), GP_CATALOG_ERROR_INVALID_VALUE,
    "gpus[0].launch_year: expected a whole number, got 2020.5" },
  { "gpu-misspelt-field", GPU (",\"fp16_tflop\":65"), GP_CATALOG_ERROR_UNKNOWN_FIELD,
    "gpus[0].fp16_tflop: unknown field" },
  { "gpu-no-source",
    "{\"schema_version\":1,\"gpus\":[{\"id\":\"g\",\"name\":\"G\",\"memory_gb\":16}]}",
    GP_CATALOG_ERROR_MISSING_SOURCE, "gpus[0].source: every figure needs a source" },
  { "gpu-use-not-object", GPU (",\"use\":false"), GP_CATALOG_ERROR_WRONG_TYPE,
    "gpus[0].use: expected an object, got false" },
  { "gpu-use-no-training", GPU (",\"use\":{\"source\":\"gpu-t4\"}"), GP_CATALOG_ERROR_MISSING_FIELD,
    "gpus[0].use.training: required field is missing" },
  { "gpu-use-training-text", GPU (",\"use\":{\"training\":\"no\",\"source\":\"gpu-t4\"}"),
    GP_CATALOG_ERROR_WRONG_TYPE, "gpus[0].use.training: expected true or false, got \"no\"" },
  { "gpu-use-no-source", GPU (",\"use\":{\"training\":false}"), GP_CATALOG_ERROR_MISSING_SOURCE,
    "gpus[0].use.source: every figure needs a source" },
  { "gpu-use-unknown-source", GPU (",\"use\":{\"training\":false,\"source\":\"nowhere\"}"),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "gpus[0].use.source: unknown source \"nowhere\"" },
  { "gpu-unknown-source",
    GPU ("}, {\"id\":\"h\",\"name\":\"H\",\"memory_gb\":1,\"source\":\"nowhere\""),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "gpus[1].source: unknown source \"nowhere\"" },
  { "gpu-duplicate-id",
    GPU ("}, {\"id\":\"g\",\"name\":\"G2\",\"memory_gb\":8,\"source\":\"gpu-t4\""),
    GP_CATALOG_ERROR_DUPLICATE_ID, "gpus[1].id: duplicate id \"g\", first at gpus[0]" },
  { "source-no-date",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"url\":\"https://x\"}]}",
    GP_CATALOG_ERROR_MISSING_SOURCE, "sources[0].as_of: a source needs the date" },
  { "source-bad-date",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"as_of\":\"last May\"}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "sources[0].as_of: expected a date" },
  { "source-after-today",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"S\",\"as_of\":\"9999-12-31\"}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "sources[0].as_of: \"9999-12-31\" is later than today" },
  { "price-under-a-cent", INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":1e-320}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "instances[0].prices[0].on_demand: 9.99989e-321 is no price of an hour: from 0.01 to 1000000" },
  { "spot-under-a-cent",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":3,\"spot\":[0.001,2]}"),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].prices[0].spot: 0.001 is no price of an hour" },
  { "reserved-over-a-million",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":3,\"reserved_1y\":2e6}"),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].prices[0].reserved_1y: 2e+06 is no price" },
  { "name-line-separator", "{\"schema_version\":1,\"name\":\"a\u2028b\"}",
    GP_CATALOG_ERROR_INVALID_VALUE, "name: holds U+2028, a line or paragraph separator" },
  { "provider-bad-kind",
    "{\"schema_version\":1,\"providers\":[{\"id\":\"p\",\"name\":\"P\",\"kind\":\"cloudy\"}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "providers[0].kind: unknown value \"cloudy\"" },
  { "provider-no-regions",
    "{\"schema_version\":1,\"providers\":[{\"id\":\"p\",\"name\":\"P\",\"kind\":\"local\","
    "\"source\":\"lambda-billing\"}]}",
    GP_CATALOG_ERROR_MISSING_FIELD, "providers[0].regions: required field is missing" },
  { "provider-bad-pricing", PROVIDER (",\"pricing\":[\"on-demand\",\"barter\"]", REGION),
    GP_CATALOG_ERROR_INVALID_VALUE, "providers[0].pricing[1]: unknown value \"barter\"" },
  { "provider-zero-increment",
    PROVIDER (",\"billing\":{\"increment_s\":0,\"source\":\"lambda-billing\"}", REGION),
    GP_CATALOG_ERROR_INVALID_VALUE, "providers[0].billing.increment_s: must be more than 0" },
  { "provider-transfer-no-source", PROVIDER (",\"transfer\":{\"egress_per_gb\":0.1}", REGION),
    GP_CATALOG_ERROR_MISSING_SOURCE, "providers[0].transfer.source: every figure needs a source" },
  { "region-grid-zero",
    PROVIDER ("",
              "{\"id\":\"r\",\"grid\":{\"zone\":\"FI\",\"gco2_per_kwh\":0,\"year\":2024,"
              "\"source\":\"lambda-billing\"}}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "providers[0].regions[0].grid.gco2_per_kwh: must be more than 0 and at most 1500" },
  { "region-grid-no-source",
    PROVIDER ("", "{\"id\":\"r\",\"grid\":{\"zone\":\"FI\",\"gco2_per_kwh\":39,\"year\":2024}}"),
    GP_CATALOG_ERROR_MISSING_SOURCE,
    "providers[0].regions[0].grid.source: every figure needs a source" },
  { "region-grid-unknown-source",
    PROVIDER ("",
              "{\"id\":\"r\",\"grid\":{\"zone\":\"FI\",\"gco2_per_kwh\":39,\"year\":2024,"
              "\"source\":\"rumour\"}}"),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "regions.r.grid.source: unknown source \"rumour\"" },
  { "region-pue-under-one",
    PROVIDER ("", "{\"id\":\"r\",\"pue\":{\"value\":0.9,\"source\":\"lambda-billing\"}}"),
    GP_CATALOG_ERROR_INVALID_VALUE, "providers[0].regions[0].pue.value: must be from 1 to 3" },
  { "gpu-unknown-tdp-source", GPU (",\"tdp_w\":70,\"tdp_source\":\"nowhere\""),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "gpus[0].tdp_source: unknown source \"nowhere\"" },
  { "provider-duplicate-region", PROVIDER ("", REGION "," REGION), GP_CATALOG_ERROR_DUPLICATE_ID,
    "providers[0].regions[1].id: duplicate id \"r\"" },
  { "provider-unknown-relative",
    PROVIDER (",\"relative_to\":{\"provider\":\"ibm\",\"source\":\"lambda-billing\"}", REGION),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
    "providers[0].relative_to.provider: unknown provider \"ibm\"" },
  { "plan-no-source", PROVIDER (",\"plans\":[{\"id\":\"a\",\"name\":\"A\",\"price\":5}]", REGION),
    GP_CATALOG_ERROR_MISSING_SOURCE, "providers[0].plans[0].source" },
  { "instance-unknown-provider",
    INSTANCE_OF ("ibm", "t4", "1", ",\"source\":\"skypilot-aws-v8\"", PRICE),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "instances[0].provider: unknown provider \"ibm\"" },
  { "instance-no-source", INSTANCE_OF ("aws-ec2", "t4", "1", "", PRICE),
    GP_CATALOG_ERROR_MISSING_SOURCE, "instances[0].source: every figure needs a source" },
  { "instance-fractional-gpus",
    INSTANCE_OF ("aws-ec2", "t4", "1.5", ",\"source\":\"skypilot-aws-v8\"", PRICE),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].gpu_count: expected a whole number, got 1.5" },
  { "instance-no-gpus",
    INSTANCE_OF ("aws-ec2", "t4", "0", ",\"source\":\"skypilot-aws-v8\"", PRICE),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].gpu_count: an instance needs at least one GPU" },
  { "instance-derived-from-itself",
    INSTANCE (",\"derived\":{\"from\":\"lab/x\",\"factor\":1.2,\"rule\":\"r\","
              "\"source\":\"skypilot-aws-v8\"}",
              PRICE),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "instances[0].derived.from: unknown instance \"lab/x\"" },
  { "instance-unknown-plan", INSTANCE (",\"plans\":[\"gold\"]", PRICE),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE, "instances[0].plans: unknown plan \"gold\"" },
  { "instance-no-prices",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/x\",\"provider\":\"aws-ec2\","
    "\"name\":\"x\",\"gpu\":\"t4\",\"gpu_count\":1,\"source\":\"skypilot-aws-v8\"}]}",
    GP_CATALOG_ERROR_MISSING_FIELD, "instances[0].prices: required field is missing" },
  { "price-not-object", INSTANCE ("", "\"us-east-1\""), GP_CATALOG_ERROR_WRONG_TYPE,
    "instances[0].prices[0]: expected an object, got \"us-east-1\"" },
  { "price-spot-text", INSTANCE ("", PRICE ",{\"region\":\"us-west-2\",\"spot\":\"cheap\"}"),
    GP_CATALOG_ERROR_WRONG_TYPE,
    "instances[0].prices[1].spot: expected a non-negative number, got \"cheap\"" },
  { "price-spot-range-backwards",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":3,\"spot\":[2,1]}"),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].prices[0].spot: the range's minimum is above" },
  { "price-spot-range-three",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":3,\"spot\":[1,2,3]}"),
    GP_CATALOG_ERROR_WRONG_TYPE, "instances[0].prices[0].spot: expected a non-negative number or" },
  { "price-negative-reserved", INSTANCE ("", "{\"region\":\"us-east-1\",\"reserved_1y\":-0.5}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "instances[0].prices[0].reserved_1y: expected a non-negative number, got -0.5" },
  { "price-unknown-region", INSTANCE ("", "{\"region\":\"mars-1\",\"on_demand\":1}"),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
    "instances[0].prices[0].region: unknown region \"mars-1\"" },
  { "price-unknown-source",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":1,\"source\":\"rumour\"}"),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
    "instances[0].prices[0].source: unknown source \"rumour\"" },
  { "price-duplicate-region", INSTANCE ("", PRICE "," PRICE), GP_CATALOG_ERROR_DUPLICATE_ID,
    "instances[0].prices[1].region: a second price for region \"us-east-1\"" },
  { "price-misspelt-field", INSTANCE ("", "{\"region\":\"us-east-1\",\"ondemand\":1}"),
    GP_CATALOG_ERROR_UNKNOWN_FIELD, "instances[0].prices[0].ondemand: unknown field" },
  { "provider-reachability-unknown-value",
    PROVIDER (",\"reachability\":{\"mainland_china\":\"maybe\",\"source\":\"lambda-billing\"}",
              REGION),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "providers[0].reachability.mainland_china: unknown value \"maybe\"" },
  { "provider-reachability-unknown",
    PROVIDER (",\"reachability\":{\"mainland_china\":\"unknown\",\"source\":\"lambda-billing\"}",
              REGION),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "providers[0].reachability.mainland_china: expected in-china, cross-border or unreachable" },
  { "provider-reachability-unsourced",
    PROVIDER (",\"reachability\":{\"mainland_china\":\"in-china\"}", REGION),
    GP_CATALOG_ERROR_MISSING_SOURCE, "providers[0].reachability.source: " },
  { "provider-invoice-not-boolean",
    PROVIDER (",\"chinese_invoice\":{\"issued\":\"yes\",\"source\":\"lambda-billing\"}", REGION),
    GP_CATALOG_ERROR_WRONG_TYPE, "providers[0].chinese_invoice.issued: expected true or false" },
  { "provider-invoice-missing",
    PROVIDER (",\"chinese_invoice\":{\"note\":\"ask\",\"source\":\"lambda-billing\"}", REGION),
    GP_CATALOG_ERROR_MISSING_FIELD, "providers[0].chinese_invoice.issued: required field" },
  { "provider-real-name-unsourced", PROVIDER (",\"real_name\":{\"needed\":true}", REGION),
    GP_CATALOG_ERROR_MISSING_SOURCE, "providers[0].real_name.source: " },
  { "instance-reported-without-by", INSTANCE (",\"reported\":{\"lowest_listed\":true}", PRICE),
    GP_CATALOG_ERROR_MISSING_FIELD, "instances[0].reported.by: required field" },
  { "price-capacity-block-zero",
    INSTANCE ("",
              "{\"region\":\"us-east-1\",\"on_demand\":3,"
              "\"capacity_block\":{\"per_hour\":0,\"source\":\"skypilot-aws-v8\"}}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "instances[0].prices[0].capacity_block.per_hour: must be more than 0" },
  { "price-capacity-block-unsourced",
    INSTANCE ("",
              "{\"region\":\"us-east-1\",\"on_demand\":3,"
              "\"capacity_block\":{\"per_hour\":2}}"),
    GP_CATALOG_ERROR_MISSING_SOURCE,
    "instances[0].prices[0].capacity_block.source: every figure needs a source" },
  { "price-capacity-block-text",
    INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":3,\"capacity_block\":\"2\"}"),
    GP_CATALOG_ERROR_WRONG_TYPE, "instances[0].prices[0].capacity_block: expected an object" },
  { "price-capacity-block-unknown-source",
    INSTANCE ("",
              "{\"region\":\"us-east-1\",\"on_demand\":3,"
              "\"capacity_block\":{\"per_hour\":2,\"source\":\"rumour\"}}"),
    GP_CATALOG_ERROR_UNKNOWN_REFERENCE,
    "instances[0].prices[0].capacity_block.source: unknown capacity_block.source \"rumour\"" },
  { "price-bad-anomaly", INSTANCE ("", "{\"region\":\"us-east-1\",\"anomalies\":[\"fishy\"]}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "instances[0].prices[0].anomalies[0]: unknown value \"fishy\"" },
  /* Instances are read while the file is parsed; these check that the order of reports and
   * the paths stay as when the tree is read whole. */
  { "stream-schema-after-instances",
    "{\"instances\":[{\"id\":\"x\",\"prices\":[]}],\"schema_version\":2}",
    GP_CATALOG_ERROR_SCHEMA_VERSION, "schema_version: unsupported schema version 2" },
  { "stream-earlier-section-first",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"x\",\"prices\":[]}],"
    "\"gpus\":[{\"id\":\"g\",\"name\":\"G\",\"memory_gb\":-1,\"source\":\"gpu-t4\"}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "gpus[0].memory_gb: expected a non-negative number" },
  { "stream-non-object-first",
    "{\"schema_version\":1,\"instances\":[3,{\"id\":\"x\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_WRONG_TYPE, "instances[0]: expected an object, got 3" },
  { "stream-non-object-later",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/x\",\"provider\":\"aws-ec2\","
    "\"name\":\"x\",\"gpu\":\"t4\",\"gpu_count\":1,\"source\":\"skypilot-aws-v8\","
    "\"prices\":[]},\"oops\"]}",
    GP_CATALOG_ERROR_WRONG_TYPE, "instances[1]: expected an object, got \"oops\"" },
  { "stream-instance-shape-elsewhere",
    "{\"schema_version\":1,\"gpus\":[{\"id\":\"g\",\"name\":\"G\",\"memory_gb\":1,"
    "\"source\":\"gpu-t4\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_UNKNOWN_FIELD, "gpus[0].prices: unknown field" },
  { "stream-nested-instances",
    "{\"schema_version\":1,\"providers\":[{\"id\":\"p\",\"name\":\"P\",\"kind\":\"local\","
    "\"source\":\"lambda-billing\",\"regions\":[{\"id\":\"r\"}],"
    "\"instances\":[{\"id\":\"x\",\"prices\":[]}]}]}",
    GP_CATALOG_ERROR_UNKNOWN_FIELD, "providers[0].instances: unknown field" },
  /* Ids go into launch code: only what real ids hold. Names only printable text. */
  { "instance-id-command",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/p9.$(touch F)\",\"provider\":\"aws-ec2\","
    "\"name\":\"x\",\"gpu\":\"t4\",\"gpu_count\":1,\"source\":\"skypilot-aws-v8\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_INVALID_VALUE,
    "instances[0].id: holds “$” (U+0024); an id holds only letters, digits and . _ - : /" },
  { "instance-id-quote",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/ml.x\\\" + str(1) + \\\"\","
    "\"provider\":\"aws-ec2\",\"name\":\"x\",\"gpu\":\"t4\",\"gpu_count\":1,"
    "\"source\":\"skypilot-aws-v8\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].id: holds “\"” (U+0022)" },
  { "price-region-semicolon", INSTANCE ("", "{\"region\":\"eastus;touch F;#\",\"on_demand\":1}"),
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].prices[0].region: holds “;” (U+003B)" },
  { "region-id-newline", PROVIDER ("", "{\"id\":\"r\\nimage_id: evil\"}"),
    GP_CATALOG_ERROR_INVALID_VALUE,
    "providers[0].regions[0].id: holds U+000A, a control character" },
  { "provider-id-space", "{\"schema_version\":1,\"providers\":[{\"id\":\"p q\",\"name\":\"P\"}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "providers[0].id: holds “ ” (U+0020)" },
  { "name-escape",
    "{\"schema_version\":1,\"instances\":[{\"id\":\"lab/x\",\"provider\":\"aws-ec2\","
    "\"name\":\"x\\u001b]0;owned\\u0007\",\"gpu\":\"t4\",\"gpu_count\":1,"
    "\"source\":\"skypilot-aws-v8\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "instances[0].name: holds U+001B, a control character" },
  { "name-bidi-override", GPU (",\"vendor\":\"\\u202eAIDIVN\""), GP_CATALOG_ERROR_INVALID_VALUE,
    "gpus[0].vendor: holds U+202E, an invisible character that can reorder or hide text" },
  { "name-control", GPU (",\"architecture\":\"Hopper\\u001b[2J\""), GP_CATALOG_ERROR_INVALID_VALUE,
    "gpus[0].architecture: holds U+001B, a control character" },
  { "name-line-break",
    "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"A\\nB\",\"as_of\":\"2026-01-01\"}"
    "]}",
    GP_CATALOG_ERROR_INVALID_VALUE, "sources[0].title: holds U+000A, a control character" },
  { "lone-surrogate", GPU (",\"notes\":\"x\\ud800y\""), GP_CATALOG_ERROR_PARSE,
    "gpus[0].notes: a lone surrogate" },
  { "lone-low-surrogate", GPU (",\"notes\":\"\\udc00\""), GP_CATALOG_ERROR_PARSE,
    "gpus[0].notes: a lone surrogate" },
  { "alias-control", GPU (",\"aliases\":[\"ok\",\"bad\\u0007\"]"), GP_CATALOG_ERROR_INVALID_VALUE,
    "gpus[0].aliases[1]: holds U+0007, a control character" },
  { "instance-duplicate-id",
    "{\"schema_version\":1,\"instances\":["
    "{\"id\":\"lab/x\",\"provider\":\"aws-ec2\",\"name\":\"x\",\"gpu\":\"t4\",\"gpu_count\":1,"
    "\"source\":\"skypilot-aws-v8\",\"prices\":[]},"
    "{\"id\":\"lab/x\",\"provider\":\"aws-ec2\",\"name\":\"y\",\"gpu\":\"t4\",\"gpu_count\":1,"
    "\"source\":\"skypilot-aws-v8\",\"prices\":[]}]}",
    GP_CATALOG_ERROR_DUPLICATE_ID,
    "instances[1].id: duplicate id \"lab/x\", first at instances[0]" },
};

static GBytes *
bytes_for (const char *text)
{
  return g_bytes_new_static (text, strlen (text));
}

static guint
n_items (GListModel *model)
{
  return g_list_model_get_n_items (model);
}

static GpOffer *
find_offer (GpCatalog  *catalog,
            const char *instance_id,
            const char *region_id)
{
  GpInstance *instance = gp_catalog_find_instance (catalog, instance_id);

  g_assert_nonnull (instance);
  return gp_instance_find_offer (instance, region_id);
}

static void
test_bad_layer (gconstpointer data)
{
  const BadCase *bad = data;
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = bytes_for (bad->json);
  g_autoptr(GError) error = NULL;
  g_autoptr(GpOffer) first = NULL;
  guint offers = n_items (gp_catalog_get_offers (catalog));
  guint gpus = n_items (gp_catalog_get_gpus (catalog));
  guint providers = n_items (gp_catalog_get_providers (catalog));

  g_assert_false (gp_catalog_add_layer (catalog, bytes, "bad.json", GP_CATALOG_LAYER_USER,
                                        &error));
  g_assert_nonnull (error);
  g_test_message ("%s: %s", bad->name, error->message);
  g_assert_error (error, GP_CATALOG_ERROR, (int) bad->code);
  g_assert_true (g_str_has_prefix (error->message, "bad.json"));
  g_assert_nonnull (strstr (error->message, bad->where));

  /* The refused layer changed nothing, and the catalog says why. */
  g_assert_cmpuint (n_items (gp_catalog_get_offers (catalog)), ==, offers);
  g_assert_cmpuint (n_items (gp_catalog_get_gpus (catalog)), ==, gpus);
  g_assert_cmpuint (n_items (gp_catalog_get_providers (catalog)), ==, providers);
  g_assert_null (gp_catalog_find_instance (catalog, "lab/x"));
  g_assert_null (gp_catalog_find_provider (catalog, "p"));
  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_problems (catalog)), ==, 1);
  g_assert_cmpstr (gp_catalog_get_problems (catalog)[0], ==, error->message);
  first = g_list_model_get_item (gp_catalog_get_offers (catalog), 0);
  g_assert_nonnull (gp_offer_get_region (first));
  g_assert_nonnull (gp_offer_get_provider (first));

  /* An importer's tree is checked by the same rules, with the same words; what is wrong with
   * the text itself (its syntax, a key twice, a NUL) is the text's alone. */
  if (bad->code != GP_CATALOG_ERROR_PARSE)
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GpCatalog) other = gp_catalog_new_bundled ();
    g_autoptr(GError) tree_error = NULL;

    if (json_parser_load_from_data (parser, bad->json, -1, NULL) &&
        json_parser_get_root (parser) != NULL)
      {
        g_assert_false (gp_catalog_add_layer_tree (other, json_parser_get_root (parser),
                                                   "bad.json", GP_CATALOG_LAYER_USER,
                                                   &tree_error));
        g_assert_cmpstr (tree_error->message, ==, error->message);
        g_assert_null (gp_catalog_find_instance (other, "lab/x"));
      }
  }
}

/* A tree an importer built is held to the text reader's range: what could not be read back is
 * not accepted in the first place. */
static void
test_tree_number_range (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(JsonNode) root =
      json_from_string ("{\"schema_version\": 1, \"instances\": [{"
                        "\"id\": \"lambda/x\", \"provider\": \"lambda\","
                        " \"name\": \"x\", \"gpu\": \"t4\", \"gpu_count\": 1,"
                        " \"source\": \"skypilot-lambda-v8\", \"prices\":"
                        " [{\"region\": \"us-east-1\", \"on_demand\": 1e20}]}]}",
                        NULL);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (root);
  g_assert_false (gp_catalog_add_layer_tree (catalog, root, "import", GP_CATALOG_LAYER_REFRESHED,
                                             &error));
  g_assert_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message,
                            "instances[0].prices[0].on_demand: expected a number of at most 1e15"));
}

static void
test_bundled_valid (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  static const char *const providers[] = {
    "aws-ec2", "aws-sagemaker", "azure-ml", "gcp", "vertex-ai", "colab", "lambda",
  };
  static const char *const gpus[] = {
    "v100-sxm2-16gb", "v100-pcie-16gb", "p100-sxm2-16gb", "p100-pcie-16gb", "t4", "a10", "a10g",
    "l4", "a100-sxm4-40gb", "a100-sxm4-80gb", "a100-pcie-40gb", "a100-pcie-80gb",
    "h100-sxm5-80gb", "h100-pcie-80gb",
  };
  static const char *const instances[] = {
    "aws-ec2/p3.2xlarge", "aws-ec2/p4d.24xlarge", "aws-ec2/g4dn.xlarge", "aws-ec2/g5.xlarge",
    "aws-ec2/p5.48xlarge", "aws-sagemaker/ml.p3.2xlarge", "azure-ml/Standard_ND96asr_v4",
    "azure-ml/Standard_NC24ads_A100_v4", "gcp/a2-highgpu-1g", "gcp/a3-highgpu-8g",
    "gcp/g2-standard-4", "gcp/n1-gpu-t4", "gcp/n1-gpu-v100-sxm2-16gb", "colab/t4",
    "lambda/gpu_1x_a100", "lambda/gpu_8x_h100_sxm5",
  };
  GpInstance *nd;
  GpProvider *colab;

  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_problems (catalog)), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (providers); i++)
    g_assert_nonnull (gp_catalog_find_provider (catalog, providers[i]));
  for (guint i = 0; i < G_N_ELEMENTS (gpus); i++)
    g_assert_nonnull (gp_catalog_find_gpu (catalog, gpus[i]));
  for (guint i = 0; i < G_N_ELEMENTS (instances); i++)
    g_assert_nonnull (gp_catalog_find_instance (catalog, instances[i]));

  /* NDv4: eight A100s with InfiniBand. */
  nd = gp_catalog_find_instance (catalog, "azure-ml/Standard_ND96asr_v4");
  g_assert_cmpuint (gp_instance_get_gpu_count (nd), ==, 8);
  g_assert_cmpstr (gp_gpu_get_id (gp_instance_get_gpu (nd)), ==, "a100-sxm4-40gb");
  g_assert_nonnull (strstr (gp_instance_get_interconnect (nd), "InfiniBand"));
  g_assert_true (gp_provider_has_feature (gp_instance_get_provider (nd), GP_FEATURE_INFINIBAND));

  /* Colab: plans with compute units, a runtime limit, and no invented USD price for Pro. */
  colab = gp_catalog_find_provider (catalog, "colab");
  g_assert_cmpfloat (gp_provider_get_max_session_hours (colab), ==, 12);
  g_assert_cmpfloat_with_epsilon (
      gp_plan_get_unit_price (gp_provider_find_plan (colab, "payg-100")), 0.0999, 1e-9);
  g_assert_true (isnan (gp_plan_get_price (gp_provider_find_plan (colab, "pro"))));
  g_assert_cmpfloat (gp_instance_get_compute_units_per_hour (
                       gp_catalog_find_instance (catalog, "colab/a100-sxm4-40gb")), ==, 13.08);

  /* The anomalies the research found are flagged, not trusted. */
  g_assert_true (gp_instance_get_anomalies (
                   gp_catalog_find_instance (catalog, "azure-ml/Standard_ND96isr_H100_v5")) &
                 GP_ANOMALY_GPU_COUNT_SUSPECT);
  g_assert_true (gp_offer_get_anomalies (find_offer (catalog, "gcp/a3-highgpu-8g", "us-east4")) &
                 GP_ANOMALY_REGIONAL_OUTLIER);
  g_assert_true (gp_offer_get_anomalies (find_offer (catalog, "aws-ec2/p5.48xlarge", "us-east-1")) &
                 GP_ANOMALY_SPOT_EQUALS_ON_DEMAND);

  /* Widely repeated figures the data contradicts: $3.06 is one V100, not an A100. */
  g_assert_cmpfloat (
      gp_offer_get_on_demand (find_offer (catalog, "aws-ec2/p3.2xlarge", "us-east-1")), ==, 3.06);
  g_assert_cmpfloat_with_epsilon (
    gp_offer_get_per_gpu_hour (find_offer (catalog, "aws-ec2/p4d.24xlarge", "us-east-1")), 2.745,
    0.001);

  /* How the managed platforms relate to the raw VMs, with sources. */
  g_assert_cmpstr (
      gp_provider_get_relative_to (gp_catalog_find_provider (catalog, "aws-sagemaker")), ==,
      "aws-ec2");
  g_assert_cmpfloat (
      gp_provider_get_markup_max_pct (gp_catalog_find_provider (catalog, "azure-ml")), ==, 0);
  g_assert_nonnull (
      gp_provider_get_relative_source (gp_catalog_find_provider (catalog, "vertex-ai")));
}

static gboolean
is_date (const char *text)
{
  return text != NULL && g_regex_match_simple ("^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$", text, 0, 0);
}

static void
assert_sourced (GpSource   *source,
                const char *what,
                const char *id)
{
  if (source == NULL || !is_date (gp_source_get_as_of (source)))
    g_error ("%s %s has no dated source", what, id);
}

static void
assert_provider_sourced (GpProvider *provider)
{
  const char *id = gp_provider_get_id (provider);
  GListModel *plans = gp_provider_get_plans (provider);

  assert_sourced (gp_provider_get_source (provider), "provider", id);
  if (!isnan (gp_provider_get_billing_increment_s (provider)))
    assert_sourced (gp_provider_get_billing_source (provider), "billing of", id);
  if (!isnan (gp_provider_get_egress_per_gb (provider)))
    assert_sourced (gp_provider_get_transfer_source (provider), "transfer of", id);
  if (!isnan (gp_provider_get_max_session_hours (provider)))
    assert_sourced (gp_provider_get_limits_source (provider), "limits of", id);
  if (!isnan (gp_provider_get_markup_min_pct (provider)))
    assert_sourced (gp_provider_get_relative_source (provider), "markup of", id);
  if (!isnan (gp_provider_get_reserved_1y_discount_pct (provider)))
    assert_sourced (gp_provider_get_reserved_source (provider), "discounts of", id);

  for (guint p = 0; p < n_items (plans); p++)
    {
      g_autoptr(GpPlan) plan = g_list_model_get_item (plans, p);
      assert_sourced (gp_plan_get_source (plan), "plan", gp_plan_get_id (plan));
    }
}

static void
test_bundled_sourced (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GListModel *gpus = gp_catalog_get_gpus (catalog);
  GListModel *providers = gp_catalog_get_providers (catalog);
  GListModel *offers = gp_catalog_get_offers (catalog);

  for (guint i = 0; i < n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);
      assert_sourced (gp_gpu_get_source (gpu), "GPU", gp_gpu_get_id (gpu));
    }

  for (guint i = 0; i < n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      assert_provider_sourced (provider);
    }

  g_assert_cmpuint (n_items (offers), >=, 60);
  for (guint i = 0; i < n_items (offers); i++)
    {
      g_autoptr(GpOffer) offer = g_list_model_get_item (offers, i);
      GpInstance *instance = gp_offer_get_instance (offer);

      assert_sourced (gp_offer_get_source (offer), "offer", gp_instance_get_id (instance));
      assert_sourced (gp_instance_get_source (instance), "instance", gp_instance_get_id (instance));
      g_assert_cmpint (gp_offer_get_layer (offer), ==, GP_CATALOG_LAYER_BUNDLED);
      /* A price, where there is one, is a real price: never zero, never negative. */
      g_assert_true (isnan (gp_offer_get_on_demand (offer)) || gp_offer_get_on_demand (offer) > 0);
    }
}

#define LAB_LAYER \
  "{\"schema_version\":1,\"name\":\"Our lab\",\"as_of\":\"2026-11-30\"," \
  "\"sources\":[{\"id\":\"lab-invoice\",\"title\":\"Lab quote\",\"as_of\":\"2026-11-30\"}]," \
  "\"providers\":[{\"id\":\"lab\",\"name\":\"Our lab's server\",\"kind\":\"local\"," \
  "\"source\":\"lab-invoice\",\"regions\":[{\"id\":\"campus\",\"name\":\"Campus\"}]}]," \
  "\"instances\":[" \
  "{\"id\":\"lab/4x-a100\",\"provider\":\"lab\",\"name\":\"4x A100 server\"," \
  "\"gpu\":\"a100-pcie-40gb\",\"gpu_count\":4,\"source\":\"lab-invoice\"," \
  "\"prices\":[{\"region\":\"campus\",\"on_demand\":2.0}]}," \
  "{\"id\":\"lambda/gpu_1x_a100\",\"provider\":\"lambda\",\"name\":\"gpu_1x_a100\"," \
  "\"gpu\":\"a100-pcie-40gb\",\"gpu_count\":1,\"source\":\"lab-invoice\"," \
  "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":1.5}]}]}"

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_layering (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = bytes_for (LAB_LAYER);
  g_autoptr(GError) error = NULL;
  guint instances = n_items (gp_catalog_get_instances (catalog));
  guint offers = n_items (gp_catalog_get_offers (catalog));
  g_autoptr(GpInstance) first = g_list_model_get_item (gp_catalog_get_instances (catalog), 0);
  g_autoptr(GpInstance) still_first = NULL;
  GpInstance *lambda_a100, *lab;
  guint changed = 0;

  g_signal_connect_swapped (catalog, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);

  /* One new instance with one offer; one replaced by id, with one region where it had two. */
  g_assert_cmpuint (n_items (gp_catalog_get_instances (catalog)), ==, instances + 1);
  g_assert_cmpuint (n_items (gp_catalog_get_offers (catalog)), ==, offers + 1 - 1);

  lambda_a100 = gp_catalog_find_instance (catalog, "lambda/gpu_1x_a100");
  g_assert_cmpint (gp_instance_get_layer (lambda_a100), ==, GP_CATALOG_LAYER_USER);
  g_assert_cmpfloat (gp_offer_get_on_demand (gp_instance_find_offer (lambda_a100, "us-east-1")),
                     ==, 1.5);
  g_assert_null (gp_instance_find_offer (lambda_a100, "us-west-1"));
  g_assert_cmpstr (gp_source_get_id (gp_instance_get_source (lambda_a100)), ==, "lab-invoice");

  /* The lab's server, as data: a provider of its own that uses a bundled GPU. */
  lab = gp_catalog_find_instance (catalog, "lab/4x-a100");
  g_assert_nonnull (lab);
  g_assert_cmpint (gp_provider_get_kind (gp_instance_get_provider (lab)), ==,
                   GP_PROVIDER_KIND_LOCAL);
  g_assert_cmpfloat (gp_instance_get_total_gpu_memory_gb (lab), ==, 160);
  g_assert_cmpfloat (gp_offer_get_per_gpu_hour (gp_instance_find_offer (lab, "campus")), ==, 0.5);
  g_assert_cmpint (gp_gpu_get_layer (gp_instance_get_gpu (lab)), ==, GP_CATALOG_LAYER_BUNDLED);
  g_assert_cmpstr (gp_catalog_get_as_of (catalog), ==, "2026-12-02");

  /* Order is kept: an override takes the place of the entry it replaces. */
  still_first = g_list_model_get_item (gp_catalog_get_instances (catalog), 0);
  g_assert_true (still_first == first);
}

static void
test_override_breaking_references (void)
{
  /* A layer may replace a provider, but not drop a region that other layers' offers use. */
  static const char layer[] =
    "{\"schema_version\":1,\"providers\":[{\"id\":\"lambda\",\"name\":\"Lambda\","
    "\"kind\":\"gpu-cloud\",\"source\":\"lambda-billing\",\"regions\":[{\"id\":\"us-east-1\"}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = bytes_for (layer);
  g_autoptr(GError) error = NULL;
  GpInstance *instance;

  g_assert_false (gp_catalog_add_layer (catalog, bytes, "thin.json", GP_CATALOG_LAYER_USER,
                                        &error));
  g_assert_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE);
  g_assert_nonnull (strstr (error->message, "unknown region \"us-west-1\""));

  /* Everything still points at the bundled provider. */
  instance = gp_catalog_find_instance (catalog, "lambda/gpu_1x_a100");
  g_assert_nonnull (gp_offer_get_region (gp_instance_find_offer (instance, "us-west-1")));
  g_assert_cmpstr (gp_provider_get_website (gp_instance_get_provider (instance)), ==,
                   "https://lambda.ai/");
  g_assert_true (gp_catalog_find_provider (catalog, "lambda") ==
                 gp_instance_get_provider (instance));
}

static void
test_spot_above_on_demand_warns (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes =
    bytes_for (INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":1.0,\"spot\":[0.5,1.2]}"));
  g_autoptr(GError) error = NULL;
  const char * const *warnings;
  GpOffer *offer;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "odd.json", GP_CATALOG_LAYER_USER, &error));
  warnings = gp_catalog_get_warnings (catalog);
  g_assert_cmpuint (g_strv_length ((char **) warnings), ==, 1);
  g_assert_nonnull (
      strstr (warnings[0], "odd.json: instances[0].prices[0].spot: spot 1.2 is above on-demand 1"));

  offer = find_offer (catalog, "lab/x", "us-east-1");
  g_assert_cmpfloat (gp_offer_get_spot_min (offer), ==, 0.5);
  g_assert_cmpfloat (gp_offer_get_spot_max (offer), ==, 1.2);
  g_assert_true (gp_offer_get_anomalies (offer) & GP_ANOMALY_SPOT_ABOVE_ON_DEMAND);
}

/* EC2 lists spot to 4 decimals and on-demand to 5: a file holding AWS's cap as the list
 * rounds it (1.0855 against 1.08547) is not "spot above on-demand". */
static void
test_spot_at_cap_not_above (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = bytes_for (
      INSTANCE ("", "{\"region\":\"us-east-1\",\"on_demand\":1.08547,\"spot\":[0.6,1.0855]}"));
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "cap.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_null (gp_catalog_get_warnings (catalog)[0]);
  g_assert_false (gp_offer_get_anomalies (find_offer (catalog, "lab/x", "us-east-1")) &
                  GP_ANOMALY_SPOT_ABOVE_ON_DEMAND);
}

/* A derived offer carries what doubts its base offer's price in the same region (a zero-price
 * host row, a low outlier, the instance's GPU count), not the base's spot flags: it has no
 * spot of the base's. */
static void
test_derived_carries_base_flags (void)
{
  static const char layer[] =
      "{\"schema_version\":1,\"sources\":[{\"id\":\"r\",\"title\":\"R\",\"as_of\":\"2026-01\"}],"
      "\"instances\":["
      "{\"id\":\"lab/base\",\"provider\":\"gcp\",\"name\":\"b\",\"gpu\":\"t4\",\"gpu_count\":1,"
      "\"anomalies\":[\"gpu-count-suspect\"],\"source\":\"r\",\"prices\":["
      "{\"region\":\"us-central1\",\"on_demand\":1,\"anomalies\":[\"low-outlier\"]},"
      "{\"region\":\"us-east4\",\"on_demand\":2,\"spot\":0.05,"
      "\"anomalies\":[\"zero-price\",\"spot-ratio-outlier\"]},"
      "{\"region\":\"europe-west4\",\"on_demand\":2}]},"
      "{\"id\":\"lab/derived\",\"provider\":\"gcp\",\"name\":\"d\",\"gpu\":\"t4\","
      "\"gpu_count\":1,\"source\":\"r\",\"derived\":{\"from\":\"lab/base\",\"factor\":1.2,"
      "\"rule\":\"r\",\"source\":\"r\"},\"prices\":["
      "{\"region\":\"us-central1\",\"on_demand\":1.2},{\"region\":\"us-east4\",\"on_demand\":2.4},"
      "{\"region\":\"europe-west4\",\"on_demand\":2.4}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = bytes_for (layer);
  g_autoptr(GError) error = NULL;
  GpAnomaly central, east, west;

  gp_catalog_add_layer (catalog, bytes, "d.json", GP_CATALOG_LAYER_USER, &error);
  g_assert_no_error (error);
  central = gp_offer_get_anomalies (find_offer (catalog, "lab/derived", "us-central1"));
  east = gp_offer_get_anomalies (find_offer (catalog, "lab/derived", "us-east4"));
  west = gp_offer_get_anomalies (find_offer (catalog, "lab/derived", "europe-west4"));

  g_assert_cmpint (central, ==, GP_ANOMALY_LOW_OUTLIER | GP_ANOMALY_GPU_COUNT_SUSPECT);
  g_assert_cmpint (east, ==, GP_ANOMALY_ZERO_PRICE | GP_ANOMALY_GPU_COUNT_SUSPECT);
  g_assert_cmpint (west, ==, GP_ANOMALY_GPU_COUNT_SUSPECT);
  g_assert_true (gp_offer_is_doubtful (find_offer (catalog, "lab/derived", "us-central1"),
                                       GP_ESTIMATE_PRICING_ON_DEMAND));
}

static void
write_file (GFile      *file,
            const char *text)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GError) error = NULL;

  g_file_make_directory_with_parents (parent, NULL, NULL);
  g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL,
                           &error);
  g_assert_no_error (error);
}

static void
test_user_layers (void)
{
  g_autoptr(GFile) refreshed = gp_catalog_get_layer_location (GP_CATALOG_LAYER_REFRESHED);
  g_autoptr(GFile) user = gp_catalog_get_layer_location (GP_CATALOG_LAYER_USER);
  g_autofree char *refreshed_path = g_file_get_path (refreshed);
  g_autofree char *aside_path = g_strconcat (refreshed_path, ".unreadable", NULL);
  g_autoptr(GpCatalog) empty = gp_catalog_new_bundled ();
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  const char * const *problems;

  /* main() pointed the XDG directories into a temporary folder. */
  g_assert_true (g_str_has_prefix (refreshed_path, g_get_tmp_dir ()));

  /* Neither file: nothing to add, nothing to report. */
  gp_catalog_load_user_layers (empty);
  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_problems (empty)), ==, 0);

  /* A broken refreshed layer is refused, named and set aside whole; the user's own layer still
   * loads. */
  write_file (refreshed, "{\"schema_version\":1,\"gpus\":[{\"id\":\"g\"");
  write_file (user, LAB_LAYER);
  gp_catalog_load_user_layers (catalog);
  problems = gp_catalog_get_problems (catalog);
  g_assert_cmpuint (g_strv_length ((char **) problems), ==, 1);
  g_assert_true (g_str_has_prefix (problems[0], refreshed_path));
  g_assert_nonnull (strstr (problems[0], ". It is set aside as "));
  g_assert_nonnull (strstr (problems[0], aside_path));
  g_assert_false (g_file_query_exists (refreshed, NULL));
  g_assert_true (g_file_test (aside_path, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "lab/4x-a100"));
  g_assert_cmpint (gp_instance_get_layer (gp_catalog_find_instance (catalog, "lab/4x-a100")), ==,
                   GP_CATALOG_LAYER_USER);
  /* A second broken download is set aside beside the first, never over it. */
  {
    g_autoptr(GpCatalog) second = gp_catalog_new_bundled ();
    g_autofree char *second_aside = g_strconcat (refreshed_path, ".unreadable.2", NULL);
    g_autofree char *first = NULL;

    write_file (refreshed, "{\"second\":");
    gp_catalog_load_user_layers (second);
    g_assert_nonnull (strstr (gp_catalog_get_problems (second)[0], second_aside));
    g_assert_true (g_file_get_contents (aside_path, &first, NULL, NULL));
    g_assert_true (g_str_has_prefix (first, "{\"schema_version\":1,\"gpus\""));
    g_assert_true (g_file_test (second_aside, G_FILE_TEST_IS_REGULAR));
    g_remove (second_aside);
  }
  g_remove (aside_path);

  /* What crashed or hung every start: the user's layer nested 100,000 deep, then a FIFO. */
  {
    g_autofree char *deep = g_strnfill (100000, '[');
    g_autofree char *user_path = g_file_get_path (user);
    g_autofree char *user_aside = g_strconcat (user_path, ".unreadable", NULL);
    g_autoptr(GpCatalog) again = gp_catalog_new_bundled ();
    g_autoptr(GpCatalog) fifo = gp_catalog_new_bundled ();

    /* Reading never moves the user's own file: it is named, and left for the user to mend. */
    write_file (user, deep);
    gp_catalog_load_user_layers (again);
    g_assert_nonnull (strstr (gp_catalog_get_problems (again)[0], "nested more than 64 levels"));
    g_assert_nonnull (strstr (gp_catalog_get_problems (again)[0], "It is left as it is"));
    g_assert_true (g_file_test (user_path, G_FILE_TEST_IS_REGULAR));
    g_assert_false (g_file_test (user_aside, G_FILE_TEST_EXISTS));
    g_remove (user_path);

    g_assert_cmpint (mkfifo (user_path, 0600), ==, 0);
    gp_catalog_load_user_layers (fifo);
    g_assert_nonnull (strstr (gp_catalog_get_problems (fifo)[0], "not a regular file"));
    g_assert_true (g_file_test (user_path, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (user_aside, G_FILE_TEST_EXISTS));
    g_remove (user_path);
  }

  g_file_delete (refreshed, NULL, NULL);
  g_file_delete (user, NULL, NULL);
}

static void
test_offer_figures (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpInstance *p4d = gp_catalog_find_instance (catalog, "aws-ec2/p4d.24xlarge");
  GpOffer *offer = gp_instance_find_offer (p4d, "us-east-1");
  double on_demand = 21.957642;

  g_assert_cmpfloat (gp_offer_get_on_demand (offer), ==, on_demand);
  g_assert_cmpfloat (gp_offer_get_spot_min (offer), ==, 2.4655);
  g_assert_cmpfloat (gp_offer_get_spot_max (offer), ==, 8.1915);
  g_assert_true (isnan (gp_offer_get_reserved_1y (offer)));
  /* 8 GPUs × 312 dense BF16 TFLOPS ÷ $21.957642 an hour */
  g_assert_cmpfloat_with_epsilon (gp_offer_get_value (offer), 8 * 312 / on_demand, 1e-9);
  g_assert_cmpfloat_with_epsilon (gp_instance_get_total_gpu_memory_gb (p4d), 320, 1e-9);
  g_assert_true (gp_offer_get_instance (offer) == p4d);
  g_assert_cmpstr (gp_region_get_name (gp_offer_get_region (offer)), ==, "US East (N. Virginia)");

  /* A V100 has no BF16: value falls back to its FP16 tensor figure, 120 ÷ 3.06. */
  offer = find_offer (catalog, "aws-ec2/p3.2xlarge", "us-east-1");
  g_assert_cmpfloat_with_epsilon (gp_offer_get_value (offer), 120 / 3.06, 1e-9);

  /* An offer whose price is unknown has no per-GPU price and no value. */
  offer = find_offer (catalog, "colab/t4", "global");
  g_assert_true (isnan (gp_offer_get_per_gpu_hour (offer)));
  g_assert_true (isnan (gp_offer_get_value (offer)));
}

static void
test_offer_outlives_catalog (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpOffer) offer = g_list_model_get_item (gp_catalog_get_offers (catalog), 0);

  g_clear_object (&catalog);
  /* Its instance is gone; the offer says so instead of pointing at freed memory. */
  g_assert_null (gp_offer_get_instance (offer));
  g_assert_null (gp_offer_get_provider (offer));
  g_assert_true (isnan (gp_offer_get_per_gpu_hour (offer)));
}

#define PRICED(price) \
  "{\"schema_version\":1,\"instances\":[{\"id\":\"lambda/gpu_1x_a10\",\"provider\":\"lambda\"," \
  "\"name\":\"gpu_1x_a10\",\"gpu\":\"a10\",\"gpu_count\":1,\"source\":\"lambda-billing\"," \
  "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":" price "}]}]}"

static double
a10_price (GpCatalog *catalog)
{
  return gp_offer_get_on_demand (find_offer (catalog, "lambda/gpu_1x_a10", "us-east-1"));
}

static void
test_replace_layer (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) first = bytes_for (PRICED ("1.11"));
  g_autoptr(GBytes) second = bytes_for (PRICED ("2.22"));
  g_autoptr(GBytes) broken = bytes_for (PRICED ("\"x\""));
  g_autoptr(GBytes) user = bytes_for (PRICED ("9.99"));
  g_autoptr(GError) error = NULL;

  g_assert_true (
      gp_catalog_replace_layer (catalog, first, "r1", GP_CATALOG_LAYER_REFRESHED, &error));
  g_assert_cmpfloat (a10_price (catalog), ==, 1.11);

  /* A new refresh replaces the last one… */
  g_assert_true (
      gp_catalog_replace_layer (catalog, second, "r2", GP_CATALOG_LAYER_REFRESHED, &error));
  g_assert_cmpfloat (a10_price (catalog), ==, 2.22);

  /* …but a refused one leaves it in place. */
  g_assert_false (
      gp_catalog_replace_layer (catalog, broken, "r3", GP_CATALOG_LAYER_REFRESHED, &error));
  g_clear_error (&error);
  g_assert_cmpfloat (a10_price (catalog), ==, 2.22);
  g_assert_cmpuint (g_strv_length ((char **) gp_catalog_get_problems (catalog)), ==, 1);

  /* The user's own file stays on top, whatever is refreshed after it. */
  g_assert_true (gp_catalog_add_layer (catalog, user, "mine", GP_CATALOG_LAYER_USER, &error));
  g_assert_true (
      gp_catalog_replace_layer (catalog, first, "r4", GP_CATALOG_LAYER_REFRESHED, &error));
  g_assert_cmpfloat (a10_price (catalog), ==, 9.99);
}

static void
test_model_new_destroy (void)
{
  GObject *objects[] = {
    G_OBJECT (gp_source_new_empty ()), G_OBJECT (gp_region_new_empty ()),
    G_OBJECT (gp_gpu_new_empty ()), G_OBJECT (gp_plan_new_empty ()),
    G_OBJECT (gp_provider_new_empty ()), G_OBJECT (gp_instance_new_empty ()),
    G_OBJECT (gp_offer_new_empty ()),
  };

  for (guint i = 0; i < G_N_ELEMENTS (objects); i++)
    {
      /* Unknown figures start unknown, never as 0. */
      if (GP_IS_GPU (objects[i]))
        g_assert_true (isnan (gp_gpu_get_memory_gb (GP_GPU (objects[i]))));
      if (GP_IS_OFFER (objects[i]))
        g_assert_true (isnan (gp_offer_get_on_demand (GP_OFFER (objects[i]))));
      if (GP_IS_PROVIDER (objects[i]))
        g_assert_true (isnan (gp_provider_get_egress_per_gb (GP_PROVIDER (objects[i]))));
      g_assert_finalize_object (objects[i]);
    }
}

typedef struct
{
  guint position, removed, added;
  guint n_changes;
  guint n_notifies;
} ModelChanges;

static void
model_items_changed_cb (GListModel   *model,
                        guint         position,
                        guint         removed,
                        guint         added,
                        ModelChanges *changes)
{
  changes->position = position;
  changes->removed = removed;
  changes->added = added;
  changes->n_changes++;
}

static void
model_n_items_cb (GObject      *model,
                  GParamSpec   *pspec,
                  ModelChanges *changes)
{
  changes->n_notifies++;
}

/* The catalog's lists: replaced as a whole in one change, the array read before a
 * replacement kept as it was. */
static void
test_array_model (void)
{
  g_autoptr(GpArrayModel) model = gp_array_model_new (GP_TYPE_GPU);
  g_autoptr(GPtrArray) first = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) second = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(GpGpu) item = NULL;
  ModelChanges changes = { 0 };

  for (guint i = 0; i < 3; i++)
    g_ptr_array_add (first, gp_gpu_new_empty ());
  g_ptr_array_add (second, g_object_ref (g_ptr_array_index (first, 2)));
  g_signal_connect (model, "items-changed", G_CALLBACK (model_items_changed_cb), &changes);
  g_signal_connect (model, "notify::n-items", G_CALLBACK (model_n_items_cb), &changes);

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == GP_TYPE_GPU);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), 0));

  gp_array_model_replace (model, first);
  g_assert_cmpuint (changes.n_changes, ==, 1);
  g_assert_cmpuint (changes.n_notifies, ==, 1);
  g_assert_cmpuint (changes.position, ==, 0);
  g_assert_cmpuint (changes.removed, ==, 0);
  g_assert_cmpuint (changes.added, ==, 3);
  g_assert_cmpuint (first->len, ==, 3);
  item = g_list_model_get_item (G_LIST_MODEL (model), 1);
  g_assert_true (item == g_ptr_array_index (first, 1));
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), 3));

  kept = g_ptr_array_ref (gp_array_model_get_items (model));
  gp_array_model_replace (model, second);
  g_assert_cmpuint (changes.n_changes, ==, 2);
  g_assert_cmpuint (changes.n_notifies, ==, 2);
  g_assert_cmpuint (changes.removed, ==, 3);
  g_assert_cmpuint (changes.added, ==, 1);
  g_assert_cmpuint (kept->len, ==, 3);
  g_assert_true (g_ptr_array_index (kept, 0) == g_ptr_array_index (first, 0));
  g_assert_cmpuint (gp_array_model_get_items (model)->len, ==, 1);

  /* The same number of items: a change, and no notification of the count. */
  gp_array_model_replace (model, second);
  g_assert_cmpuint (changes.n_changes, ==, 3);
  g_assert_cmpuint (changes.n_notifies, ==, 2);
}

static void
test_new_destroy (void)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();

  g_assert_cmpuint (n_items (gp_catalog_get_offers (catalog)), >, 0);
  g_assert_finalize_object (catalog);

  catalog = gp_catalog_new ();
  g_assert_cmpuint (n_items (gp_catalog_get_offers (catalog)), ==, 0);
  g_assert_cmpstr (gp_catalog_get_currency (catalog), ==, "USD");
  g_assert_finalize_object (catalog);
}

static void
test_source_age (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GDateTime) now = g_date_time_new_utc (2026, 3, 11, 12, 0, 0);
  GpSource *v8 = gp_catalog_find_source (catalog, "skypilot-aws-v8");
  GpSource *year = gp_catalog_find_source (catalog, "sagemaker-readme");

  /* 2025-09-12 to 2026-03-11 is 180 days: the threshold for stale figures. */
  g_assert_cmpint (gp_source_get_age_days (v8, now), ==, 180);
  /* "2020" is shown as the year and judged by its last day, 2020-12-31: 1,826 days to
   * 2025-12-31, and 70 more. */
  g_assert_cmpint (gp_source_get_age_days (year, now), ==, 1896);
  g_assert_cmpint (gp_as_of_get_age_days ("2026-02", now), ==, 11);
  /* A year comes after every day of it but its last: 2026 is not older than 2026-08-22. */
  g_assert_cmpint (gp_as_of_compare ("2026", "2026-08-22"), >, 0);
  g_assert_cmpint (gp_as_of_compare ("2026", "2026-12-31"), ==, 0);
  g_assert_cmpint (gp_as_of_compare ("2025-09", "2025-09-30"), ==, 0);
  g_assert_cmpstr (gp_as_of_older ("2026", "2026-08-22"), ==, "2026-08-22");
  g_assert_cmpstr (gp_as_of_older (NULL, "2026"), ==, "2026");
  g_assert_cmpint (gp_as_of_get_julian ("2026"), ==, gp_as_of_get_julian ("2026-12-31"));
  g_assert_cmpint (gp_as_of_get_julian ("last May"), ==, 0);
}

/* The shape of p5.48xlarge in us-east-1: on-demand and the 1-year reservation from a table of
 * 2026-01-21, the on-demand price seen again by a daily series on 2026-08-22, spot from another
 * file of 2026-05-20, a Capacity Block of 2026-07-22. Each price is as old as its own source,
 * the offer is shown by its on-demand price's date, and a price derived from it is as old as the
 * older of that and its rule (a year, judged by its last day). */
static void
test_price_dates (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "price-dates-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  /* A limit between the spot price's age and the Capacity Block's, whatever today is. */
  guint limit = gp_as_of_get_age_days ("2026-07-01", now);
  GpOffer *p5, *west, *derived;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_EXTRA, &error);
  g_assert_no_error (error);
  p5 = find_offer (catalog, "lab/p5", "us-east-1");
  west = find_offer (catalog, "lab/p5", "us-west-2");
  derived = find_offer (catalog, "lab/ml.p5", "us-east-1");

  g_assert_cmpstr (gp_offer_get_price_as_of (p5, GP_ESTIMATE_PRICING_ON_DEMAND), ==, "2026-08-22");
  g_assert_cmpstr (gp_offer_get_price_as_of (p5, GP_ESTIMATE_PRICING_SPOT), ==, "2026-05-20");
  g_assert_cmpstr (gp_offer_get_price_as_of (p5, GP_ESTIMATE_PRICING_RESERVED_1Y), ==,
                   "2026-01-21");
  g_assert_cmpstr (gp_offer_get_price_as_of (p5, GP_ESTIMATE_PRICING_CAPACITY_BLOCK), ==,
                   "2026-07-22");
  g_assert_cmpstr (gp_offer_get_as_of (p5), ==, "2026-08-22");
  g_assert_true (gp_offer_get_price_source (p5, GP_ESTIMATE_PRICING_SPOT) ==
                 gp_catalog_find_source (catalog, "spot"));
  /* A price that names no source of its own is the offer's. */
  g_assert_cmpstr (gp_offer_get_price_as_of (west, GP_ESTIMATE_PRICING_SPOT), ==, "2026-01-21");
  g_assert_cmpstr (gp_offer_get_as_of (west), ==, "2026-01-21");

  g_assert_false (gp_offer_is_price_stale (p5, GP_ESTIMATE_PRICING_ON_DEMAND, limit));
  g_assert_false (gp_offer_is_stale (p5, limit));
  g_assert_false (gp_offer_is_price_stale (p5, GP_ESTIMATE_PRICING_CAPACITY_BLOCK, limit));
  g_assert_true (gp_offer_is_price_stale (p5, GP_ESTIMATE_PRICING_SPOT, limit));
  g_assert_true (gp_offer_is_price_stale (p5, GP_ESTIMATE_PRICING_RESERVED_1Y, limit));

  /* The rule of "2026" is judged by 2026-12-31: the on-demand price is the older. */
  g_assert_cmpstr (gp_offer_get_as_of (derived), ==, "2026-08-22");
}

static void
test_provider_summary (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GpProviderSummary) aws = NULL;
  g_autoptr(GpProviderSummary) lambda = NULL;
  g_autoptr(GpProviderSummary) colab = NULL;
  GpOffer *cheapest;

  /* EC2: the largest spot saving is p3.16xlarge in us-east-1: 1 − 2.6694 ÷ 24.48 = 89.10%. */
  aws = gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "aws-ec2"));
  g_assert_cmpfloat_with_epsilon (gp_provider_summary_get_max_spot_saving_pct (aws),
                                  100 * (1 - 2.6694 / 24.48), 1e-9);
  g_assert_cmpuint (gp_provider_summary_get_n_instances (aws), ==, 10);
  g_assert_cmpfloat (gp_provider_summary_get_max_gpu_memory (aws), ==, 80);
  g_assert_true (g_strv_contains (gp_provider_summary_get_gpu_names (aws), "Tesla T4"));
  /* g4dn.xlarge, one T4 at $0.526 */
  cheapest = gp_provider_summary_get_cheapest_offer (aws);
  g_assert_cmpstr (gp_instance_get_id (gp_offer_get_instance (cheapest)), ==,
                   "aws-ec2/g4dn.xlarge");

  /* Lambda: no spot market; eight V100s at $6.32 are the cheapest GPU-hour, $0.79. */
  lambda = gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "lambda"));
  g_assert_true (isnan (gp_provider_summary_get_max_spot_saving_pct (lambda)));
  cheapest = gp_provider_summary_get_cheapest_offer (lambda);
  g_assert_cmpfloat (gp_offer_get_per_gpu_hour (cheapest), ==, 6.32 / 8);
  /* Prices date from 2025-09-12; the GPUs' launch specifications do not make them older. */
  g_assert_cmpstr (gp_provider_summary_get_oldest_as_of (lambda), ==, "2025-09-12");

  /* Colab is priced in compute units: there is no hourly offer to call cheapest. */
  colab = gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "colab"));
  g_assert_null (gp_provider_summary_get_cheapest_offer (colab));
  g_assert_cmpuint (gp_provider_summary_get_n_instances (colab), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (gp_provider_summary_get_sources (colab)), >=, 4);
  g_assert_cmpuint (g_list_model_get_n_items (gp_provider_summary_get_instances (colab)), ==, 3);
  g_assert_null (gp_provider_summary_get_gpus_from (colab));

  /* Vertex AI has no instances of its own: it names Compute Engine's GPUs, and says so. */
  {
    g_autoptr(GpProviderSummary) vertex =
      gp_provider_summary_new (catalog, gp_catalog_find_provider (catalog, "vertex-ai"));

    g_assert_cmpuint (gp_provider_summary_get_n_instances (vertex), ==, 0);
    g_assert_true (gp_provider_summary_get_gpus_from (vertex) ==
                   gp_catalog_find_provider (catalog, "gcp"));
    g_assert_true (g_strv_contains (gp_provider_summary_get_gpu_names (vertex), "NVIDIA L4"));
    g_assert_null (gp_provider_summary_get_cheapest_offer (vertex));
  }
}

/* Every group of a provider goes through the one descriptor table: read, cited in the summary,
 * and written back so that a restated provider loses nothing. */
static GpCatalog *
groups_catalog (GBytes *layer)
{
  GpCatalog *catalog = gp_catalog_new_bundled ();
  g_autoptr(GError) error = NULL;

  g_assert_true (gp_catalog_add_layer (catalog, layer, "groups.json", GP_CATALOG_LAYER_USER,
                                       &error));
  g_assert_no_error (error);
  return catalog;
}

static void
assert_groups (GpProvider *provider)
{
  static const char *const sources[GP_PROVIDER_N_GROUPS] = {
    "g-billing", "g-transfer", "g-features", "g-limits", "g-relative", "g-reserved",  "g-spot",
    "g-reach",   "g-currency", "g-invoice",  "g-card",   "g-licence",  "g-real-name",
  };

  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    g_assert_cmpstr (gp_source_get_id (gp_provider_get_group_source (provider, g)), ==,
                     sources[g]);
  g_assert_cmpfloat (gp_provider_get_billing_increment_s (provider), ==, 60);
  g_assert_cmpfloat (gp_provider_get_billing_minimum_s (provider), ==, 600);
  g_assert_cmpfloat (gp_provider_get_egress_free_gb (provider), ==, 100);
  g_assert_cmpuint (gp_provider_get_features (provider), ==,
                    GP_FEATURE_MANAGED_NOTEBOOKS | GP_FEATURE_SSH);
  g_assert_cmpstr (gp_provider_get_environment (provider), ==, "PyTorch 2.4");
  g_assert_cmpfloat (gp_provider_get_max_session_hours (provider), ==, 24);
  g_assert_cmpfloat (gp_provider_get_idle_timeout_minutes (provider), ==, 90);
  g_assert_cmpstr (gp_provider_get_quota (provider), ==, "ask");
  g_assert_cmpstr (gp_provider_get_relative_to (provider), ==, "aws-ec2");
  g_assert_cmpfloat (gp_provider_get_markup_max_pct (provider), ==, 40);
  g_assert_cmpstr (gp_provider_get_relative_note (provider), ==, "over EC2");
  g_assert_cmpfloat (gp_provider_get_reserved_3y_discount_pct (provider), ==, 50);
  g_assert_cmpfloat (gp_provider_get_spot_savings_max_pct (provider), ==, 90);
  g_assert_cmpstr (gp_provider_get_spot_note (provider), ==, "managed spot");
  g_assert_cmpint (gp_provider_get_reachability (provider), ==, GP_REACHABILITY_CROSS_BORDER);
  g_assert_cmpstr (gp_provider_get_reachability_account (provider), ==, "none");
  g_assert_cmpstr (gp_provider_get_reachability_note (provider), ==, "abroad");
  g_assert_cmpstr (gp_provider_get_billing_currency (provider), ==, "USD");
  g_assert_cmpstr (gp_provider_get_payment_note (provider, GP_PROVIDER_GROUP_BILLING_CURRENCY), ==,
                   "in dollars");
  g_assert_cmpint (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_CHINESE_INVOICE), ==,
                   GP_ANSWER_NO);
  g_assert_cmpint (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_FOREIGN_CARD), ==,
                   GP_ANSWER_YES);
  g_assert_cmpint (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_BUSINESS_LICENCE), ==,
                   GP_ANSWER_NO);
  g_assert_cmpint (gp_provider_get_answer (provider, GP_PROVIDER_GROUP_REAL_NAME), ==,
                   GP_ANSWER_YES);
  g_assert_cmpstr (gp_provider_get_payment_note (provider, GP_PROVIDER_GROUP_REAL_NAME), ==,
                   "for the API");
}

static void
test_provider_groups (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "groups-catalog.json",
                                                 NULL);
  g_autoptr(GBytes) layer = NULL;
  g_autoptr(GpCatalog) catalog = NULL;
  g_autoptr(GpCatalog) again = NULL;
  g_autoptr(GpProviderSummary) summary = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *written = NULL;
  g_autofree char *text = NULL;
  GListModel *cited;
  GpProvider *provider;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  layer = g_bytes_new_take (g_steal_pointer (&text), length);
  catalog = groups_catalog (layer);
  provider = gp_catalog_find_provider (catalog, "grouped");
  assert_groups (provider);

  /* The summary cites each group's source, the spot group's too. */
  summary = gp_provider_summary_new (catalog, provider);
  cited = gp_provider_summary_get_sources (summary);
  for (guint g = 0; g < GP_PROVIDER_N_GROUPS; g++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (cited); i++)
        {
          g_autoptr(GpSource) source = g_list_model_get_item (cited, i);

          found |= source == gp_provider_get_group_source (provider, g);
        }
      g_assert_true (found);
    }

  /* Written back as a layer with the same sources, it reads as the same provider. */
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "schema_version");
  json_builder_add_int_value (builder, 1);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, "Restated");
  json_builder_set_member_name (builder, "as_of");
  json_builder_add_string_value (builder, "2026-11-30");
  json_builder_set_member_name (builder, "providers");
  json_builder_begin_array (builder);
  gp_catalog_writer_add_provider (builder, provider, NULL);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  written = json_to_string (root, FALSE);
  g_clear_object (&catalog);
  {
    g_autoptr(GBytes) restated = g_bytes_new_static (written, strlen (written));
    g_autoptr(GError) error = NULL;

    again = groups_catalog (layer);
    g_assert_true (gp_catalog_add_layer (again, restated, "restated.json", GP_CATALOG_LAYER_USER,
                                         &error));
    g_assert_no_error (error);
  }
  assert_groups (gp_catalog_find_provider (again, "grouped"));
}

/* The About box credits each provider's source once, with its address last where it has one. */
static void
test_price_credits (void)
{
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_auto(GStrv) credits = gp_catalog_dup_price_credits (catalog);
  GListModel *providers = gp_catalog_get_providers (catalog);
  g_autoptr(GHashTable) sources = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (providers); i++)
    {
      g_autoptr(GpProvider) provider = g_list_model_get_item (providers, i);
      GpSource *source = gp_provider_get_source (provider);
      const char *url = gp_source_get_url (source);
      g_autofree char *expected = NULL;

      if (!g_hash_table_add (sources, source))
        continue;
      expected = url != NULL && g_str_has_prefix (url, "http")
                   ? g_strdup_printf ("%s %s", gp_source_get_title (source), url)
                   : g_strdup (gp_source_get_title (source));
      g_assert_true (g_strv_contains ((const char * const *) credits, expected));
    }
  g_assert_cmpuint (g_strv_length (credits), ==, g_hash_table_size (sources));
  g_assert_cmpuint (g_strv_length (credits), >, 1);
}

/* A lab machine's layer: its figures in "lab", its price an hour the formula's. */
static GBytes *
lab_layer (const char *figures,
           double      on_demand)
{
  g_autofree char *text = g_strdup_printf (
      "{\"schema_version\":1,\"currency\":\"CNY\",\"sources\":[{\"id\":\"me\","
      "\"title\":\"Entered by me\",\"as_of\":\"2026-12-01\"}],"
      "\"providers\":[{\"id\":\"lab\",\"name\":\"Lab\",\"kind\":\"local\","
      "\"pricing\":[\"on-demand\"],\"regions\":[{\"id\":\"campus\",\"name\":\"Campus\"}],"
      "\"source\":\"me\"}],"
      "\"instances\":[{\"id\":\"lab/server\",\"provider\":\"lab\",\"name\":\"server\","
      "\"gpu\":\"a100-sxm4-80gb\",\"gpu_count\":8,\"source\":\"me\",\"lab\":{%s},"
      "\"prices\":[{\"region\":\"campus\",\"on_demand\":%.6f}]}]}",
      figures, on_demand);

  return g_bytes_new (text, strlen (text));
}

#define LAB_FIGURES                                                     \
  "\"price\":150000,\"purchased\":\"2026-11-01\",\"lifetime_years\":3," \
  "\"maintenance_pct\":5,\"power_kw\":2.0,\"pue\":1.3,\"electricity_per_kwh\":0.8"

/* The cost of an hour of a lab machine's GPU, on the worked example of gp-lab-cost.c, and the
 * catalog's checks of a lab machine's figures. */
static void
test_lab_machine (void)
{
  GpLabCost cost = { 150000, (char *) "2026-11-01", 3, 5, 2.0, 1.3, 0.8, 50, 0 };
  GpLabTerms terms;
  g_autoptr(GError) error = NULL;
  static const struct
  {
    const char *figures;
    double on_demand;
    const char *where;
  } bad[] = {
    /* A price written by hand that the figures do not give. */
    { LAB_FIGURES ",\"utilisation_pct\":50", 20.0, "instances[0].prices[0].on_demand" },
    /* No hours of use: no cost an hour. */
    { LAB_FIGURES ",\"utilisation_pct\":0", 15.2079,
      "instances[0].lab.utilisation_pct: must be from 1 to 100" },
    { LAB_FIGURES ",\"utilisation_pct\":50,\"staff_per_year\":-1", 15.2079, "staff_per_year" },
    { LAB_FIGURES ",\"utilisation_pct\":50,\"colour\":1", 15.2079, "colour" },
    { LAB_FIGURES, 15.2079, "utilisation_pct" },
    /* A slip of the keyboard, not a machine: refused, naming the figure. */
    { LAB_FIGURES ",\"utilisation_pct\":1e-300", 15.2079, "utilisation_pct: must be from 1" },
  };

  /* (150000/13140 + 7500/4380)/8 + 2.08/8 = 1.6410 + 0.2600 = 1.9010 */
  g_assert_cmpfloat_with_epsilon (gp_lab_cost_per_gpu_hour (&cost, 8, &terms), 1.9010, 1e-4);
  g_assert_cmpfloat_with_epsilon (terms.capital, 150000.0 / 13140 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (terms.maintenance, 7500.0 / 4380 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (terms.energy, 0.26, 1e-9);
  g_assert_cmpfloat (terms.staff, ==, 0);
  /* A staff share is spread over the hours of use too. */
  cost.staff_per_year = 43800;
  gp_lab_cost_per_gpu_hour (&cost, 8, &terms);
  g_assert_cmpfloat_with_epsilon (terms.staff, 43800.0 / 4380 / 8, 1e-9);
  cost.staff_per_year = 0;

  g_assert_true (gp_lab_cost_check (&cost, 8, &error));
  cost.pue = 0.9;
  g_assert_false (gp_lab_cost_check (&cost, 8, &error));
  g_assert_nonnull (strstr (error->message, "pue"));
  g_clear_error (&error);
  cost.pue = 1.3;
  g_assert_false (gp_lab_cost_check (&cost, 0, &error));
  g_assert_nonnull (strstr (error->message, "gpu_count"));
  g_clear_error (&error);
  g_assert_false (gp_lab_cost_check (&cost, 2000000000, &error));
  g_assert_nonnull (strstr (error->message, "gpu_count: must be at most 64"));
  g_clear_error (&error);
  cost.purchased = (char *) "2026-02-30";
  g_assert_false (gp_lab_cost_check (&cost, 8, &error));
  g_assert_nonnull (strstr (error->message, "purchased"));
  g_clear_error (&error);
  /* A machine bought after today is none the lab has. */
  cost.purchased = (char *) "9999-12-31";
  g_assert_false (gp_lab_cost_check (&cost, 8, &error));
  g_assert_nonnull (strstr (error->message, "purchased: must be no later than today"));
  g_clear_error (&error);
  cost.purchased = (char *) "2026-11-01";

  {
    g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
    g_autoptr(GBytes) bytes = lab_layer (LAB_FIGURES ",\"utilisation_pct\":50", 15.207854);
    GpInstance *server;

    g_assert_true (
        gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
    g_assert_no_error (error);
    server = gp_catalog_find_instance (catalog, "lab/server");
    g_assert_nonnull (gp_instance_get_lab_cost (server));
    g_assert_cmpfloat_with_epsilon (
        gp_lab_cost_per_gpu_hour (gp_instance_get_lab_cost (server), 8, NULL), 1.9010, 1e-4);
  }

  /* No electricity price given: its hour counts none, and says so (it was a silent 0); saved,
   * it stays not given. A file that gives one loads as before. */
  {
    g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
    g_autoptr(GBytes) bytes =
        lab_layer ("\"price\":150000,\"purchased\":\"2026-11-01\",\"lifetime_years\":3,"
                   "\"maintenance_pct\":5,\"power_kw\":2.0,\"pue\":1.3,\"utilisation_pct\":50",
                   13.127854);
    g_autoptr(GpUserOffer) offer = NULL;
    g_autofree char *dir = g_dir_make_tmp ("gp-lab-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "user.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autofree char *written = NULL;
    const GpLabCost *given;

    g_assert_true (
        gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
    g_assert_no_error (error);
    given = gp_instance_get_lab_cost (gp_catalog_find_instance (catalog, "lab/server"));
    g_assert_false (gp_lab_cost_has_electricity (given));
    gp_lab_cost_per_gpu_hour (given, 8, &terms);
    g_assert_cmpfloat (terms.energy, ==, 0);

    offer = gp_user_offer_new_from_instance (gp_catalog_find_instance (catalog, "lab/server"));
    g_free (offer->machine->id);
    offer->machine->id = g_strdup ("lab/server-2");
    g_assert_true (gp_user_offer_put_in_catalog (offer, catalog, file, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
    g_assert_nonnull (strstr (written, "\"power_kw\""));
    g_assert_null (strstr (written, "electricity_per_kwh"));
    g_remove (path);
    g_rmdir (dir);
  }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
      g_autoptr(GBytes) bytes = lab_layer (bad[i].figures, bad[i].on_demand);

      g_assert_false (
          gp_catalog_add_layer (catalog, bytes, "lab.json", GP_CATALOG_LAYER_USER, &error));
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, bad[i].where));
      g_clear_error (&error);
    }
}

/* The user's machine whose GPU only a cleared refreshed layer defined: the layer still loads,
 * the machine is left out with a warning naming it, and the other machines stay. */
static void
test_user_layer_unknown_gpu (void)
{
  static const char layer[] =
      "{\"schema_version\":1,"
      "\"sources\":[{\"id\":\"lab-invoice\",\"title\":\"Lab quote\",\"as_of\":\"2026-11-30\"}],"
      "\"providers\":[{\"id\":\"lab\",\"name\":\"Our lab\",\"kind\":\"local\","
      "\"source\":\"lab-invoice\",\"regions\":[{\"id\":\"campus\"}]}],"
      "\"instances\":["
      "{\"id\":\"lab/h20-box\",\"provider\":\"lab\",\"name\":\"H20 box\",\"gpu\":\"h20-96gb\","
      "\"gpu_count\":8,\"source\":\"lab-invoice\",\"prices\":[{\"region\":\"campus\",\"on_demand\":"
      "9}]},"
      "{\"id\":\"lab/t4-box\",\"provider\":\"lab\",\"name\":\"T4 box\",\"gpu\":\"t4\","
      "\"gpu_count\":1,\"source\":\"lab-invoice\",\"prices\":[{\"region\":\"campus\",\"on_demand\":"
      "1}]}]}";
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (layer, strlen (layer));
  g_autoptr(GError) error = NULL;
  const char *const *warnings;
  gboolean named = FALSE;

  g_assert_true (gp_catalog_add_layer (catalog, bytes, "user.json", GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);
  g_assert_null (gp_catalog_find_instance (catalog, "lab/h20-box"));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "lab/t4-box"));
  warnings = gp_catalog_get_warnings (catalog);
  for (guint i = 0; warnings[i] != NULL; i++)
    named |= strstr (warnings[i], "user.json: instances[0]: lab/h20-box is left out") != NULL &&
             strstr (warnings[i], "h20-96gb") != NULL;
  g_assert_true (named);

  /* Another layer still may not name a GPU no one defines. */
  {
    g_autoptr(GpCatalog) other = gp_catalog_new_bundled ();

    g_assert_false (gp_catalog_add_layer (other, bytes, "x.json", GP_CATALOG_LAYER_EXTRA, &error));
    g_assert_error (error, GP_CATALOG_ERROR, GP_CATALOG_ERROR_UNKNOWN_REFERENCE);
    g_assert_nonnull (strstr (error->message, "instances[0].gpu: unknown GPU \"h20-96gb\""));
  }
}

/* Valid UTF-8 without a NUL, as GLib judges it, whatever the eight-byte runs of plain ASCII
 * around the byte that is not: a NUL, a byte above 0x7f, a broken or a whole character, at
 * every place of a word. */
static void
test_text_is_utf8 (void)
{
  static const char *const inserts[] = { "",         "\0",   "\xff",        "\xc3",
                                         "\xc3\xa9", "\x7f", "\xe4\xb8\xad" };

  for (guint insert = 0; insert < G_N_ELEMENTS (inserts); insert++)
    for (guint before = 0; before < 20; before++)
      for (guint after = 0; after < 10; after++)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          gsize length = insert == 1 ? 1 : strlen (inserts[insert]);

          for (guint i = 0; i < before; i++)
            g_string_append_c (text, (char) ('a' + i % 26));
          g_string_append_len (text, inserts[insert], length);
          for (guint i = 0; i < after; i++)
            g_string_append_c (text, '0' + i % 10);
          g_assert_true (gp_text_is_utf8 (text->str, text->len) ==
                         g_utf8_validate_len (text->str, text->len, NULL));
        }
}

/* What an id, a name and a number may be, as every reader checks them. */
static void
test_text_rules (void)
{
  static const char *const ids[] = { "aws-ec2/p4d.24xlarge", "us-east-1",
                                     "Standard_NC24ads_A100_v4", "place:China", NULL };
  static const char *const not_ids[] = { "p9.$(touch F)", "a b", "x\"y", "eastus;x",
                                         "a\nb",          "ü",   NULL };
  static const char *const decimals[] = { "12", "0.5", "-3", "1e3", "2.5E-2", NULL };
  static const char *const not_decimals[] = { "0x10",  "inf", "nan", "1e999", "",
                                              "1.2.3", " 5",  "5 ",  "+",     NULL };
  g_autofree char *plain = gp_text_make_plain ("a\tb\nc\x1b[2J\xe2\x80\xae"
                                               "d",
                                               GP_TEXT_NAME);
  g_autofree char *problem = NULL;
  double value;

  for (guint i = 0; ids[i] != NULL; i++)
    g_assert_true (gp_text_check (ids[i], -1, GP_TEXT_ID, NULL));
  for (guint i = 0; not_ids[i] != NULL; i++)
    g_assert_false (gp_text_check (not_ids[i], -1, GP_TEXT_ID, NULL));
  g_assert_true (gp_text_check ("GPU Planner 中文", -1, GP_TEXT_NAME, NULL));
  g_assert_false (gp_text_check ("a\tb", -1, GP_TEXT_NAME, &problem));
  g_assert_nonnull (strstr (problem, "U+0009"));
  g_assert_true (gp_text_check ("a\tb\nc", -1, GP_TEXT_NOTE, NULL));
  g_assert_false (gp_text_check ("\xed\xa0\x80", -1, GP_TEXT_NOTE, NULL));
  /* Plain ASCII takes a shorter way, with the same rules: a NUL within the length, DEL, a value
   * one character too long, are refused as before. */
  g_assert_false (gp_text_check ("ab\0c", 4, GP_TEXT_ID, NULL));
  g_assert_false (gp_text_check ("ab\0c", 4, GP_TEXT_NAME, NULL));
  g_assert_false (gp_text_check ("a\x7f", -1, GP_TEXT_NAME, NULL));
  {
    g_autofree char *longest = g_strnfill (GP_TEXT_MAX_ID, 'a');
    g_autofree char *too_long = g_strnfill (GP_TEXT_MAX_ID + 1, 'a');

    g_assert_true (gp_text_check (longest, -1, GP_TEXT_ID, NULL));
    g_clear_pointer (&problem, g_free);
    g_assert_false (gp_text_check (too_long, -1, GP_TEXT_ID, &problem));
    g_assert_nonnull (strstr (problem, "longer than"));
  }
  g_assert_cmpstr (plain, ==, "a b c[2Jd");

  for (guint i = 0; decimals[i] != NULL; i++)
    g_assert_true (gp_parse_decimal (decimals[i], &value));
  for (guint i = 0; not_decimals[i] != NULL; i++)
    g_assert_false (gp_parse_decimal (not_decimals[i], &value));
  /* Short decimals are read without strtod(): to the same double, bit for bit, whatever the
   * digits, up to the 15 that way takes and past them. */
  for (guint i = 0; i < 20000; i++)
    {
      guint64 whole = ((guint64) g_test_rand_int () << 32 | g_test_rand_int ()) %
                      (i % 2 ? G_GUINT64_CONSTANT (10000000000000000) : 1000000000);
      guint places = g_test_rand_int_range (0, 18);
      g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, whole);
      g_autofree char *number = NULL;
      double expected;

      if (places >= strlen (digits))
        number = g_strdup_printf ("%s0.%0*d%s", i % 3 ? "" : "-", (int) (places - strlen (digits)),
                                  0, digits);
      else
        number = g_strdup_printf ("%s%.*s.%s", i % 3 ? "" : "-", (int) (strlen (digits) - places),
                                  digits, digits + strlen (digits) - places);
      expected = g_ascii_strtod (number, NULL);
      g_assert_true (gp_parse_decimal (number, &value));
      if (memcmp (&value, &expected, sizeof value) != 0)
        g_error ("%s read as %.17g, strtod() gives %.17g", number, value, expected);
    }

  g_assert_true (gp_date_is_valid ("2024-02-29", FALSE));
  g_assert_false (gp_date_is_valid ("2026-02-30", FALSE));
  g_assert_false (gp_date_is_valid ("2026-13-01", FALSE));
  g_assert_false (gp_date_is_valid ("2026-11", FALSE));
  g_assert_true (gp_date_is_valid ("2026-11", TRUE));
  g_assert_false (gp_date_is_valid ("2026-00", TRUE));
}

static gboolean
add_bad_instance (JsonNode  *root,
                  gpointer   user_data,
                  GError   **error)
{
  g_autoptr(JsonNode) instance =
      json_from_string ("{\"id\":\"lab/x\",\"provider\":\"aws-ec2\",\"name\":\"x\",\"gpu\":\"t4\","
                        "\"gpu_count\":1,\"source\":\"skypilot-aws-v8\","
                        "\"prices\":[{\"region\":\"us-east-1\",\"on_demand\":-1}]}",
                        NULL);

  json_array_add_element (gp_layer_ensure_array (json_node_get_object (root), "instances"),
                          g_steal_pointer (&instance));
  return TRUE;
}

/* A change the layer's check refuses is said as the change's fault, the file named as left
 * as it was (a bad new entry was reported as if the user's catalog.json were wrong). */
static void
test_edit_refused_names_change (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gp-edit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *lock = g_build_filename (dir, "catalog.json.lock", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autofree char *after = NULL;
  const char *before = "{\"schema_version\":1}";

  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  written = gp_lab_layer_edit (file, add_bad_instance, NULL, NULL, &error);
  g_assert_null (written);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "the change was not made, "));
  g_assert_nonnull (strstr (error->message, "catalog.json is as it was: instances[0].prices[0]"));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_remove (path);
  g_remove (lock);
  g_rmdir (dir);
}

/* Dated purchase prices, read in core for the lab machine's dialog: the lowest of a GPU's, per
 * GPU and in the currency asked, and a file with a price that is not whole refused by place. */
/* A spot price's range across a region's zones, per machine or per GPU, in another currency:
 * the conversion is the core's (the Instances page's tooltip did it itself). */
static void
test_spot_range (void)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "spot-range-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpOffer) offer = NULL;
  double low, high;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_BUNDLED, &error);
  g_assert_no_error (error);
  offer = g_list_model_get_item (
      gp_instance_get_offers (gp_catalog_find_instance (catalog, "aws-ec2/p4d.24xlarge")), 0);

  g_assert_true (gp_offer_get_spot_range (offer, FALSE, 7, &low, &high));
  g_assert_cmpfloat_with_epsilon (low, 56, 1e-9);
  g_assert_cmpfloat_with_epsilon (high, 112, 1e-9);
  g_assert_true (gp_offer_get_spot_range (offer, TRUE, 1, &low, &high));
  g_assert_cmpfloat_with_epsilon (low, 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (high, 2, 1e-9);
  g_assert_cmpfloat (gp_currency_convert (NAN, 7), !=, gp_currency_convert (NAN, 7));
}

/* A new offer of the user's starts with the GPU the most offers the lab rents from have, not
 * the catalog's first: a lab in mainland China rents in China (more offers across the border
 * are not its market); in yuan there; a machine's power from its GPUs' data sheet. */
static void
test_offer_defaults (void)
{
  g_autofree char *path =
      g_test_build_filename (G_TEST_DIST, "fixtures", "offer-defaults-catalog.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();
  g_autoptr(GError) error = NULL;
  GpGpu *gpu;

  gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_BUNDLED, &error);
  g_assert_no_error (error);
  gpu = gp_offer_defaults_find_gpu (catalog, GP_LAB_LOCATION_ELSEWHERE);
  g_assert_cmpstr (gp_gpu_get_id (gpu), ==, "abroad-gpu");
  gpu = gp_offer_defaults_find_gpu (catalog, GP_LAB_LOCATION_MAINLAND_CHINA);
  g_assert_cmpstr (gp_gpu_get_id (gpu), ==, "home-gpu");

  g_assert_cmpstr (gp_offer_defaults_currency (GP_LAB_LOCATION_MAINLAND_CHINA, "USD"), ==, "CNY");
  g_assert_cmpstr (gp_offer_defaults_currency (GP_LAB_LOCATION_ELSEWHERE, "EUR"), ==, "EUR");

  g_assert_cmpfloat_with_epsilon (gp_offer_defaults_power_kw (gpu, 8), 3.6, 1e-9);
  g_assert_true (isnan (gp_offer_defaults_power_kw (gp_catalog_find_gpu (catalog, "aaa-rare"), 8)));
}

/* A user's layer as the app saved it before lab machines and quotes were one kind loads
 * whole, and each of its offers is removed, put back and edited through the one set of
 * functions, the other left as it was. */
static void
test_user_offers_saved_layer (void)
{
  static const char base[] =
      "{\"schema_version\":1,\"sources\":[{\"id\":\"s\",\"title\":\"Data sheets\","
      "\"as_of\":\"2026-11-30\"}],\"gpus\":[{\"id\":\"a100-sxm4-80gb\",\"name\":\"A100\","
      "\"memory_gb\":80,\"source\":\"s\"},{\"id\":\"a100-pcie-80gb\",\"name\":\"A100 PCIe\","
      "\"memory_gb\":24,\"source\":\"s\"}],\"providers\":[],\"instances\":[]}";
  g_autofree char *saved =
      g_test_build_filename (G_TEST_DIST, "fixtures", "user-layer-saved.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("gp-offers-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "catalog.json", NULL);
  g_autofree char *lock = g_strconcat (path, ".lock", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GBytes) base_bytes = g_bytes_new_static (base, sizeof base - 1);
  g_autoptr(GpCatalog) catalog = gp_catalog_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpUserOffer) quote = NULL;
  g_autoptr(GpUserOffer) machine = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (saved, &text, &length, NULL));
  g_assert_true (g_file_set_contents (path, text, length, NULL));
  g_assert_true (
      gp_catalog_add_layer (catalog, base_bytes, "base.json", GP_CATALOG_LAYER_BUNDLED, &error));
  g_assert_true (gp_catalog_add_layer_from_file (catalog, file, GP_CATALOG_LAYER_USER, &error));
  g_assert_no_error (error);

  quote = gp_user_offer_new_from_instance (
      gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));
  machine = gp_user_offer_new_from_instance (gp_catalog_find_instance (catalog, "lab/server1"));
  g_assert_nonnull (quote->quote);
  g_assert_nonnull (machine->machine);
  g_assert_cmpfloat (machine->machine->cost.electricity_per_kwh, ==, 0.8);
  g_assert_cmpstr (gp_user_offer_get_name (quote), ==, "A100 PCIe x1");

  g_assert_true (
      gp_user_offer_remove_from_catalog (catalog, file, "quote-autodl/a100-pcie-x1", &error));
  g_assert_null (gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "lab/server1"));
  g_assert_true (gp_user_offer_put_in_catalog (quote, catalog, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gp_user_offer_get_id (quote), ==, "quote-autodl/a100-pcie-x1");

  machine->machine->cost.price = 1200000;
  g_assert_true (gp_user_offer_put_in_catalog (machine, catalog, file, "lab/server1", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (
      gp_instance_get_lab_cost (gp_catalog_find_instance (catalog, "lab/server1"))->price, ==,
      1200000);
  g_assert_nonnull (gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));

  g_assert_true (gp_user_offer_remove_from_catalog (catalog, file, "lab/server1", &error));
  g_assert_null (gp_catalog_find_instance (catalog, "lab/server1"));
  g_assert_nonnull (gp_catalog_find_instance (catalog, "quote-autodl/a100-pcie-x1"));
  g_remove (path);
  g_remove (lock);
  g_rmdir (dir);
}

static void
test_purchase_prices (void)
{
  static const char text[] =
      "{\"prices\":["
      "{\"item\":\"8x A100 server\",\"price\":800000,\"currency\":\"CNY\","
      "\"source\":\"https://a.example\",\"as_of\":\"2025-01-01\",\"gpu_model\":\"A100\","
      "\"gpus\":8},"
      "{\"item\":\"A100 card\",\"price\":90000,\"currency\":\"CNY\","
      "\"source\":\"https://b.example\",\"as_of\":\"2025-02-01\",\"gpu_model\":\"A100\"},"
      "{\"item\":\"T4 card\",\"price\":1000,\"currency\":\"USD\","
      "\"source\":\"https://c.example\",\"as_of\":\"2025-03-01\",\"gpu_model\":\"T4\"}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, sizeof text - 1);
  g_autoptr(GBytes) broken =
      g_bytes_new_static ("{\"prices\":[{\"item\":\"x\",\"price\":-1,\"currency\":\"CNY\"}]}", 53);
  g_autoptr(GPtrArray) prices = NULL;
  g_autoptr(GPtrArray) bundled = gp_purchase_prices_new_bundled ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GpCatalog) catalog = gp_catalog_new_bundled ();
  GpGpu *a100 = gp_catalog_find_gpu (catalog, "a100-sxm4-80gb");
  const GpPurchasePrice *lowest;
  double per_gpu;

  prices = gp_purchase_prices_new_from_bytes (bytes, "p.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (prices->len, ==, 3);
  lowest = gp_purchase_prices_lowest_per_gpu (prices, a100, "CNY", &per_gpu);
  g_assert_nonnull (lowest);
  g_assert_cmpstr (lowest->item, ==, "A100 card");
  g_assert_cmpfloat_with_epsilon (per_gpu, 90000, 1e-6);
  lowest = gp_purchase_prices_lowest_per_gpu (prices, a100, "USD", &per_gpu);
  g_assert_cmpfloat_with_epsilon (per_gpu, 90000 * gp_currency_get_rate ("CNY", "USD", NULL), 1e-6);

  /* 150,000 for eight A100s is far below the dated 90,000 a card; 400,000 is not. */
  {
    double entered;

    lowest = gp_purchase_prices_far_below (prices, a100, "CNY", 150000, 8, &entered, &per_gpu);
    g_assert_nonnull (lowest);
    g_assert_cmpstr (lowest->item, ==, "A100 card");
    g_assert_cmpfloat_with_epsilon (entered, 18750, 1e-6);
    g_assert_null (
        gp_purchase_prices_far_below (prices, a100, "CNY", 400000, 8, &entered, &per_gpu));
  }

  g_assert_null (gp_purchase_prices_new_from_bytes (broken, "bad.json", &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "bad.json: prices[0]: "));

  /* The bundled file is whole, each price with its source and date. */
  g_assert_cmpuint (bundled->len, >, 0);
  for (guint i = 0; i < bundled->len; i++)
    {
      const GpPurchasePrice *price = g_ptr_array_index (bundled, i);

      g_assert_true (g_str_has_prefix (price->source, "http"));
      g_assert_true (gp_date_is_valid (price->as_of, TRUE));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("gp-test-catalog-XXXXXX", NULL);
  g_autofree char *cache = g_build_filename (home, "cache", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *cache_dir = g_build_filename (cache, "gpu-planner", NULL);
  g_autofree char *data_dir = g_build_filename (data, "gpu-planner", NULL);
  int result;

  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/catalog/bad-layer/%s", bad_cases[i].name);
      g_test_add_data_func (path, &bad_cases[i], test_bad_layer);
    }
  g_test_add_func ("/catalog/bundled-valid", test_bundled_valid);
  g_test_add_func ("/catalog/bundled-sourced", test_bundled_sourced);
  g_test_add_func ("/catalog/layering", test_layering);
  g_test_add_func ("/catalog/override-breaking-references", test_override_breaking_references);
  g_test_add_func ("/catalog/spot-above-on-demand-warns", test_spot_above_on_demand_warns);
  g_test_add_func ("/catalog/spot-at-cap-not-above", test_spot_at_cap_not_above);
  g_test_add_func ("/catalog/derived-carries-base-flags", test_derived_carries_base_flags);
  g_test_add_func ("/catalog/price-dates", test_price_dates);
  g_test_add_func ("/catalog/user-layers", test_user_layers);
  g_test_add_func ("/catalog/text-rules", test_text_rules);
  g_test_add_func ("/catalog/text-is-utf8", test_text_is_utf8);
  g_test_add_func ("/catalog/user-layer-unknown-gpu", test_user_layer_unknown_gpu);
  g_test_add_func ("/catalog/tree-number-range", test_tree_number_range);
  g_test_add_func ("/catalog/offer-figures", test_offer_figures);
  g_test_add_func ("/catalog/offer-outlives-catalog", test_offer_outlives_catalog);
  g_test_add_func ("/catalog/new-destroy", test_new_destroy);
  g_test_add_func ("/catalog/model-new-destroy", test_model_new_destroy);
  g_test_add_func ("/catalog/array-model", test_array_model);
  g_test_add_func ("/catalog/replace-layer", test_replace_layer);
  g_test_add_func ("/catalog/source-age", test_source_age);
  g_test_add_func ("/catalog/provider-summary", test_provider_summary);
  g_test_add_func ("/catalog/provider-groups", test_provider_groups);
  g_test_add_func ("/catalog/price-credits", test_price_credits);
  g_test_add_func ("/catalog/lab-machine", test_lab_machine);
  g_test_add_func ("/catalog/edit-refused-names-change", test_edit_refused_names_change);
  g_test_add_func ("/catalog/purchase-prices", test_purchase_prices);
  g_test_add_func ("/catalog/spot-range", test_spot_range);
  g_test_add_func ("/catalog/offer-defaults", test_offer_defaults);
  g_test_add_func ("/catalog/user-offers-saved-layer", test_user_offers_saved_layer);

  result = g_test_run ();

  g_rmdir (cache_dir);
  g_rmdir (data_dir);
  g_rmdir (cache);
  g_rmdir (data);
  g_rmdir (home);
  return result;
}
