/* gp-types.h — forward declarations and the enums the model shares
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _GpCatalog  GpCatalog;
typedef struct _GpComparison GpComparison;
typedef struct _GpEstimate GpEstimate;
typedef struct _GpEstimatorData GpEstimatorData;
typedef struct _GpMeasurement GpMeasurement;
typedef struct _GpGpu      GpGpu;
typedef struct _GpInstance GpInstance;
typedef struct _GpOffer    GpOffer;
typedef struct _GpPlan     GpPlan;
typedef struct _GpPreset   GpPreset;
typedef struct _GpProvider GpProvider;
typedef struct _GpRegion   GpRegion;
typedef struct _GpSource   GpSource;
typedef struct _GpWorkload GpWorkload;

/**
 * GpCatalogLayer:
 * @GP_CATALOG_LAYER_BUNDLED: the catalog compiled into the program, always present
 * @GP_CATALOG_LAYER_REFRESHED: the catalog last refreshed from the network, in the user's cache
 * @GP_CATALOG_LAYER_USER: the user's own entries, in the user's data directory
 * @GP_CATALOG_LAYER_EXTRA: a file named on the command line
 *
 * Where an entry came from. Later layers override earlier ones by id.
 */
typedef enum
{
  GP_CATALOG_LAYER_BUNDLED,
  GP_CATALOG_LAYER_REFRESHED,
  GP_CATALOG_LAYER_USER,
  GP_CATALOG_LAYER_EXTRA,
} GpCatalogLayer;

/**
 * GpProviderKind:
 * @GP_PROVIDER_KIND_ML_PLATFORM: a managed machine-learning platform (SageMaker, Azure ML, Vertex
 * AI)
 * @GP_PROVIDER_KIND_GPU_CLOUD: virtual machines or bare metal with GPUs (EC2, Lambda)
 * @GP_PROVIDER_KIND_NOTEBOOK: a hosted notebook service (Colab)
 * @GP_PROVIDER_KIND_LOCAL: the lab's own hardware
 */
typedef enum
{
  GP_PROVIDER_KIND_ML_PLATFORM,
  GP_PROVIDER_KIND_GPU_CLOUD,
  GP_PROVIDER_KIND_NOTEBOOK,
  GP_PROVIDER_KIND_LOCAL,
} GpProviderKind;

/**
 * GpPricingModel:
 * @GP_PRICING_NONE: no pricing model
 * @GP_PRICING_ON_DEMAND: pay per use at the list price
 * @GP_PRICING_SPOT: spare capacity that can be reclaimed (spot, preemptible, low-priority)
 * @GP_PRICING_RESERVED: a 1- or 3-year reservation or committed-use discount
 * @GP_PRICING_SUBSCRIPTION: a monthly plan or prepaid compute units
 */
typedef enum /*< flags >*/
{
  GP_PRICING_NONE = 0,
  GP_PRICING_ON_DEMAND = 1 << 0,
  GP_PRICING_SPOT = 1 << 1,
  GP_PRICING_RESERVED = 1 << 2,
  GP_PRICING_SUBSCRIPTION = 1 << 3,
} GpPricingModel;

/**
 * GpFeature:
 * @GP_FEATURE_NONE: nothing
 * @GP_FEATURE_MANAGED_NOTEBOOKS: hosted Jupyter notebooks
 * @GP_FEATURE_AUTOML: automated model search
 * @GP_FEATURE_HYPERPARAMETER_TUNING: managed hyper-parameter search
 * @GP_FEATURE_PIPELINES: pipelines and MLOps tooling
 * @GP_FEATURE_ENTERPRISE_IDENTITY: enterprise sign-in (Microsoft Entra ID, IAM federation)
 * @GP_FEATURE_INFINIBAND: InfiniBand or a comparable fast interconnect between nodes
 * @GP_FEATURE_SSH: SSH or bare-metal access
 * @GP_FEATURE_PREINSTALLED_FRAMEWORKS: CUDA, PyTorch and TensorFlow ready to use
 * @GP_FEATURE_MODEL_CATALOG: a catalogue of pretrained models
 */
typedef enum /*< flags >*/
{
  GP_FEATURE_NONE = 0,
  GP_FEATURE_MANAGED_NOTEBOOKS = 1 << 0,
  GP_FEATURE_AUTOML = 1 << 1,
  GP_FEATURE_HYPERPARAMETER_TUNING = 1 << 2,
  GP_FEATURE_PIPELINES = 1 << 3,
  GP_FEATURE_ENTERPRISE_IDENTITY = 1 << 4,
  GP_FEATURE_INFINIBAND = 1 << 5,
  GP_FEATURE_SSH = 1 << 6,
  GP_FEATURE_PREINSTALLED_FRAMEWORKS = 1 << 7,
  GP_FEATURE_MODEL_CATALOG = 1 << 8,
} GpFeature;

/**
 * GpAnomaly:
 * @GP_ANOMALY_NONE: nothing known to be wrong
 * @GP_ANOMALY_SPOT_ABOVE_ON_DEMAND: the spot price is above the on-demand price
 * @GP_ANOMALY_SPOT_EQUALS_ON_DEMAND: a zone lists spot at the on-demand price: no usable spot there
 * @GP_ANOMALY_GPU_COUNT_SUSPECT: the source's GPU count disagrees with the vendor's
 * @GP_ANOMALY_ZERO_PRICE: the source lists a price of zero
 * @GP_ANOMALY_REGIONAL_OUTLIER: the price is far from the same offer in other regions
 * @GP_ANOMALY_SPOT_RATIO_OUTLIER: the spot price is far below the instance's usual spot
 *   discount, or beyond the largest discount its provider states
 * @GP_ANOMALY_LOW_OUTLIER: the price is far below the same offer in other regions, where the
 *   source is known to list some prices at about half of another source's
 *
 * Known problems in source data, shown as flags rather than trusted silently: a flagged
 * figure is never the best of a row or the cheapest without saying so.
 */
typedef enum /*< flags >*/
{
  GP_ANOMALY_NONE = 0,
  GP_ANOMALY_SPOT_ABOVE_ON_DEMAND = 1 << 0,
  GP_ANOMALY_SPOT_EQUALS_ON_DEMAND = 1 << 1,
  GP_ANOMALY_GPU_COUNT_SUSPECT = 1 << 2,
  GP_ANOMALY_ZERO_PRICE = 1 << 3,
  GP_ANOMALY_REGIONAL_OUTLIER = 1 << 4,
  GP_ANOMALY_SPOT_RATIO_OUTLIER = 1 << 5,
  GP_ANOMALY_LOW_OUTLIER = 1 << 6,
} GpAnomaly;

/**
 * GpReachability:
 * @GP_REACHABILITY_UNKNOWN: the catalog does not say
 * @GP_REACHABILITY_IN_CHINA: in mainland China: usable from a campus network there
 * @GP_REACHABILITY_CROSS_BORDER: outside, and usable across the border: it works, slower, data
 *   crossing the international link
 * @GP_REACHABILITY_UNREACHABLE: not reachable from a campus network in mainland China
 *
 * Whether a lab in mainland China can use a platform, and how.
 */
typedef enum
{
  GP_REACHABILITY_UNKNOWN,
  GP_REACHABILITY_IN_CHINA,
  GP_REACHABILITY_CROSS_BORDER,
  GP_REACHABILITY_UNREACHABLE,
} GpReachability;

/**
 * GpAnswer:
 * @GP_ANSWER_NOT_FOUND: no source says
 * @GP_ANSWER_YES: a source says yes
 * @GP_ANSWER_NO: a source says no
 *
 * A fact of paying a platform, as far as its sources tell.
 */
typedef enum
{
  GP_ANSWER_NOT_FOUND,
  GP_ANSWER_YES,
  GP_ANSWER_NO,
} GpAnswer;

/**
 * GpQuotePer:
 * @GP_QUOTE_PER_HOUR: the price of an hour
 * @GP_QUOTE_PER_MONTH: the price of a month's rent (730 hours), paid whole
 *
 * What a quoted price is the price of.
 */
typedef enum
{
  GP_QUOTE_PER_HOUR,
  GP_QUOTE_PER_MONTH,
} GpQuotePer;

/**
 * GpLabLocation:
 * @GP_LAB_LOCATION_ELSEWHERE: outside mainland China and Hong Kong
 * @GP_LAB_LOCATION_MAINLAND_CHINA: in mainland China, behind its border network
 * @GP_LAB_LOCATION_HONG_KONG: in Hong Kong
 *
 * Where the lab is, which decides what it can reach.
 */
typedef enum
{
  GP_LAB_LOCATION_ELSEWHERE,
  GP_LAB_LOCATION_MAINLAND_CHINA,
  GP_LAB_LOCATION_HONG_KONG,
} GpLabLocation;

/**
 * GpProviderGroup:
 * @GP_PROVIDER_GROUP_BILLING: how it bills: increment and minimum
 * @GP_PROVIDER_GROUP_TRANSFER: what moving data costs
 * @GP_PROVIDER_GROUP_FEATURES: what it offers besides machines
 * @GP_PROVIDER_GROUP_LIMITS: session length, idle timeout, quota
 * @GP_PROVIDER_GROUP_RELATIVE: how a managed platform's price relates to the raw VMs
 * @GP_PROVIDER_GROUP_RESERVED: the discounts of commitments
 * @GP_PROVIDER_GROUP_SPOT: what is known of spot where no spot prices are listed
 * @GP_PROVIDER_GROUP_REACHABILITY: whether and how a lab in mainland China can use it
 * @GP_PROVIDER_GROUP_BILLING_CURRENCY: the currency it bills in
 * @GP_PROVIDER_GROUP_CHINESE_INVOICE: whether it issues a Chinese VAT invoice (发票)
 * @GP_PROVIDER_GROUP_FOREIGN_CARD: whether paying needs a card issued outside mainland China
 * @GP_PROVIDER_GROUP_BUSINESS_LICENCE: whether an account needs a mainland business licence
 * @GP_PROVIDER_GROUP_REAL_NAME: whether an account needs real-name verification
 * @GP_PROVIDER_N_GROUPS: how many there are
 *
 * The groups of a provider's figures, each with its own source.
 */
typedef enum
{
  GP_PROVIDER_GROUP_BILLING,
  GP_PROVIDER_GROUP_TRANSFER,
  GP_PROVIDER_GROUP_FEATURES,
  GP_PROVIDER_GROUP_LIMITS,
  GP_PROVIDER_GROUP_RELATIVE,
  GP_PROVIDER_GROUP_RESERVED,
  GP_PROVIDER_GROUP_SPOT,
  GP_PROVIDER_GROUP_REACHABILITY,
  GP_PROVIDER_GROUP_BILLING_CURRENCY,
  GP_PROVIDER_GROUP_CHINESE_INVOICE,
  GP_PROVIDER_GROUP_FOREIGN_CARD,
  GP_PROVIDER_GROUP_BUSINESS_LICENCE,
  GP_PROVIDER_GROUP_REAL_NAME,
  GP_PROVIDER_N_GROUPS /*< skip >*/
} GpProviderGroup;

/**
 * GpRegionKind:
 * @GP_REGION_KIND_REGION: a region of the provider
 * @GP_REGION_KIND_LOCAL_ZONE: an extension of a region into a city (AWS Local Zones): fewer
 *   services, kept out of region lists unless asked for
 * @GP_REGION_KIND_WAVELENGTH_ZONE: a zone inside a telecom network (AWS Wavelength)
 * @GP_REGION_KIND_RESTRICTED: a region open only to some customers (AWS GovCloud)
 *
 * What a region code stands for.
 */
typedef enum
{
  GP_REGION_KIND_REGION,
  GP_REGION_KIND_LOCAL_ZONE,
  GP_REGION_KIND_WAVELENGTH_ZONE,
  GP_REGION_KIND_RESTRICTED,
} GpRegionKind;

/**
 * GpPriceBasis:
 * @GP_PRICE_BASIS_QUOTED: the provider's price, as a source quotes it
 * @GP_PRICE_BASIS_DERIVED: an estimate: another instance's quoted price times a premium taken
 *   from a dated pair of figures; the instance records the rule and its inputs
 * @GP_PRICE_BASIS_GPU_ONLY: the attached GPUs alone, without the host machine the provider
 *   requires and the catalog has no price for: never compared with whole machines
 * @GP_PRICE_BASIS_REPORTED: a price someone reported seeing on a page that publishes no price
 *   list (a guide, a price index), dated by their report; "from" prices are the lowest listed
 *
 * What an offer's prices are.
 */
typedef enum
{
  GP_PRICE_BASIS_QUOTED,
  GP_PRICE_BASIS_DERIVED,
  GP_PRICE_BASIS_GPU_ONLY,
  GP_PRICE_BASIS_REPORTED,
} GpPriceBasis;

/**
 * GpTrainingMethod:
 * @GP_TRAINING_METHOD_DEFAULT: the preset's method, or full training when there is none
 * @GP_TRAINING_METHOD_FULL: pre-training or full fine-tuning with mixed-precision Adam
 * @GP_TRAINING_METHOD_LORA: LoRA adapters on frozen 16-bit weights
 * @GP_TRAINING_METHOD_QLORA: LoRA adapters on frozen 4-bit (NF4) weights
 * @GP_TRAINING_METHOD_INFERENCE: running the model, no training
 *
 * What the job does with the model's parameters, which decides the GPU memory it needs.
 */
typedef enum
{
  GP_TRAINING_METHOD_DEFAULT,
  GP_TRAINING_METHOD_FULL,
  GP_TRAINING_METHOD_LORA,
  GP_TRAINING_METHOD_QLORA,
  GP_TRAINING_METHOD_INFERENCE,
} GpTrainingMethod;

/**
 * GpFit:
 * @GP_FIT_UNKNOWN: the job states no model size, or the GPU's memory is unknown
 * @GP_FIT_YES: the job fits in each GPU's memory
 * @GP_FIT_NO: it does not
 *
 * Whether a job fits in an offer's GPU memory.
 */
typedef enum
{
  GP_FIT_UNKNOWN,
  GP_FIT_YES,
  GP_FIT_NO,
} GpFit;

/**
 * GpSharding:
 * @GP_SHARDING_DEFAULT: the preset's sharding, or none when there is no preset
 * @GP_SHARDING_NONE: data parallel: every GPU keeps a full copy of the model states
 * @GP_SHARDING_ZERO3: ZeRO stage 3 or FSDP: weights, gradients and optimizer states are split
 *   over the GPUs
 *
 * How the model's states are spread over a job's GPUs.
 */
typedef enum
{
  GP_SHARDING_DEFAULT,
  GP_SHARDING_NONE,
  GP_SHARDING_ZERO3,
} GpSharding;

/**
 * GpPrecision:
 * @GP_PRECISION_FP32: single precision, no tensor cores
 * @GP_PRECISION_TF32: TensorFloat-32 matrix maths (Ampere and newer)
 * @GP_PRECISION_FP16: FP16 mixed precision (AMP)
 * @GP_PRECISION_BF16: BF16 mixed precision (Ampere and newer)
 * @GP_PRECISION_FP8: FP8 (Hopper and Ada Lovelace)
 *
 * The arithmetic a training job runs in.
 */
typedef enum
{
  GP_PRECISION_FP32,
  GP_PRECISION_TF32,
  GP_PRECISION_FP16,
  GP_PRECISION_BF16,
  GP_PRECISION_FP8,
} GpPrecision;

/**
 * GpSpeedBasis:
 * @GP_SPEED_BASIS_SAME_GPU: the job runs on its reference GPU
 * @GP_SPEED_BASIS_MEASURED: a published throughput measurement of this workload
 * @GP_SPEED_BASIS_SPECS: tensor TFLOPS and memory bandwidth
 * @GP_SPEED_BASIS_BANDWIDTH: memory bandwidth alone (no TFLOPS figure at this precision)
 * @GP_SPEED_BASIS_OVERRIDE: a ratio the user gave
 * @GP_SPEED_BASIS_YOUR_MEASUREMENT: the user's own job, measured on this GPU
 * @GP_SPEED_BASIS_UNKNOWN: no figure to scale by: the GPU cannot be estimated
 *
 * What an estimate's speed across GPUs rests on.
 */
typedef enum
{
  GP_SPEED_BASIS_SAME_GPU,
  GP_SPEED_BASIS_MEASURED,
  GP_SPEED_BASIS_SPECS,
  GP_SPEED_BASIS_BANDWIDTH,
  GP_SPEED_BASIS_OVERRIDE,
  GP_SPEED_BASIS_YOUR_MEASUREMENT,
  GP_SPEED_BASIS_UNKNOWN,
} GpSpeedBasis;

/**
 * GpEstimatePricing:
 * @GP_ESTIMATE_PRICING_ON_DEMAND: pay by the hour, no commitment
 * @GP_ESTIMATE_PRICING_SPOT: spare capacity that may be taken back
 * @GP_ESTIMATE_PRICING_RESERVED_1Y: a one-year commitment
 * @GP_ESTIMATE_PRICING_RESERVED_3Y: a three-year commitment
 * @GP_ESTIMATE_PRICING_SUBSCRIPTION: compute units of a subscription or prepaid plan
 * @GP_ESTIMATE_PRICING_CAPACITY_BLOCK: GPUs booked ahead for whole days (EC2 Capacity Blocks
 *   for ML), paid for the whole block
 *
 * The one way of paying an estimate assumes.
 */
typedef enum
{
  GP_ESTIMATE_PRICING_ON_DEMAND,
  GP_ESTIMATE_PRICING_SPOT,
  GP_ESTIMATE_PRICING_RESERVED_1Y,
  GP_ESTIMATE_PRICING_RESERVED_3Y,
  GP_ESTIMATE_PRICING_SUBSCRIPTION,
  GP_ESTIMATE_PRICING_CAPACITY_BLOCK,
} GpEstimatePricing;

/**
 * GpEstimateGrouping:
 * @GP_ESTIMATE_GROUPING_OFFER: every estimate, one row each
 * @GP_ESTIMATE_GROUPING_INSTANCE: one row per instance type, its cheapest region and way of
 *   paying
 * @GP_ESTIMATE_GROUPING_PLATFORM: one row per platform, its best option that can run the job
 */
typedef enum
{
  GP_ESTIMATE_GROUPING_OFFER,
  GP_ESTIMATE_GROUPING_INSTANCE,
  GP_ESTIMATE_GROUPING_PLATFORM,
} GpEstimateGrouping;

/**
 * GpOfferColumn:
 * @GP_OFFER_COLUMN_PROVIDER: the provider's name
 * @GP_OFFER_COLUMN_INSTANCE: the instance type's name
 * @GP_OFFER_COLUMN_GPU: the GPU model's name
 * @GP_OFFER_COLUMN_GPU_COUNT: GPUs in the instance
 * @GP_OFFER_COLUMN_GPU_MEMORY: memory of one GPU
 * @GP_OFFER_COLUMN_TOTAL_GPU_MEMORY: memory of all the instance's GPUs
 * @GP_OFFER_COLUMN_VCPUS: virtual CPUs
 * @GP_OFFER_COLUMN_MEMORY: the instance's RAM
 * @GP_OFFER_COLUMN_ON_DEMAND: the on-demand price
 * @GP_OFFER_COLUMN_SPOT: the lowest spot price
 * @GP_OFFER_COLUMN_RESERVED_1Y: the effective hourly price of a 1-year commitment
 * @GP_OFFER_COLUMN_PER_GPU_HOUR: the on-demand price of one GPU for an hour
 * @GP_OFFER_COLUMN_VALUE: dense tensor TFLOPS per currency unit per hour
 * @GP_OFFER_COLUMN_BILLING_INCREMENT: the provider's billing increment
 * @GP_OFFER_COLUMN_REGION: the region's id
 * @GP_OFFER_COLUMN_AS_OF: the date of the prices
 * @GP_OFFER_COLUMN_CAPACITY_BLOCK: the price of an hour of a Capacity Block
 *
 * What an offer can be sorted by: the columns of the Instances page.
 */
typedef enum
{
  GP_OFFER_COLUMN_PROVIDER,
  GP_OFFER_COLUMN_INSTANCE,
  GP_OFFER_COLUMN_GPU,
  GP_OFFER_COLUMN_GPU_COUNT,
  GP_OFFER_COLUMN_GPU_MEMORY,
  GP_OFFER_COLUMN_TOTAL_GPU_MEMORY,
  GP_OFFER_COLUMN_VCPUS,
  GP_OFFER_COLUMN_MEMORY,
  GP_OFFER_COLUMN_ON_DEMAND,
  GP_OFFER_COLUMN_SPOT,
  GP_OFFER_COLUMN_RESERVED_1Y,
  GP_OFFER_COLUMN_PER_GPU_HOUR,
  GP_OFFER_COLUMN_VALUE,
  GP_OFFER_COLUMN_BILLING_INCREMENT,
  GP_OFFER_COLUMN_REGION,
  GP_OFFER_COLUMN_AS_OF,
  GP_OFFER_COLUMN_CAPACITY_BLOCK,
} GpOfferColumn;

/**
 * GpOfferCriterion:
 * @GP_OFFER_CRITERION_NONE: no criterion
 * @GP_OFFER_CRITERION_SEARCH: words found in the instance, GPU, provider or region
 * @GP_OFFER_CRITERION_PROVIDERS: one of the chosen providers
 * @GP_OFFER_CRITERION_GPU: one GPU model
 * @GP_OFFER_CRITERION_MIN_GPU_MEMORY: at least this much memory per GPU
 * @GP_OFFER_CRITERION_MIN_GPU_COUNT: at least this many GPUs
 * @GP_OFFER_CRITERION_PRICING: every chosen pricing model available
 * @GP_OFFER_CRITERION_REGION: one region, or the cheapest region of each instance
 * @GP_OFFER_CRITERION_MAX_PRICE: at most this on-demand price
 *
 * The parts of a #GpOfferFilter.
 */
typedef enum /*< flags >*/
{
  GP_OFFER_CRITERION_NONE = 0,
  GP_OFFER_CRITERION_SEARCH = 1 << 0,
  GP_OFFER_CRITERION_PROVIDERS = 1 << 1,
  GP_OFFER_CRITERION_GPU = 1 << 2,
  GP_OFFER_CRITERION_MIN_GPU_MEMORY = 1 << 3,
  GP_OFFER_CRITERION_MIN_GPU_COUNT = 1 << 4,
  GP_OFFER_CRITERION_PRICING = 1 << 5,
  GP_OFFER_CRITERION_REGION = 1 << 6,
  GP_OFFER_CRITERION_MAX_PRICE = 1 << 7,
} GpOfferCriterion;

/**
 * GpComparisonMode:
 * @GP_COMPARISON_PROVIDERS: whole platforms side by side
 * @GP_COMPARISON_INSTANCES: instance types in a region side by side
 *
 * What the columns of a #GpComparison are.
 */
typedef enum
{
  GP_COMPARISON_PROVIDERS,
  GP_COMPARISON_INSTANCES,
} GpComparisonMode;

G_END_DECLS
