/* data/estimator/estimator-strings.h — made by build-aux/extract-estimator-strings: the
 * names and targets of the published workloads and the titles of the estimator's
 * sources, in the user's language. Not compiled: xgettext reads it (po/POTFILES.in). */

C_("preset", "15,000 steps at 512 px (a community run)");
C_("preset", "3 epochs (the Alpaca recipe)");
/* xgettext:no-c-format */
C_("preset", "75.90% top-1, MLPerf Training v3.0");
C_("preset", "7B model LoRA fine-tune, 10 million tokens");
/* xgettext:no-c-format */
C_("preset", "About 77% top-1 (NVIDIA's 90-epoch recipe)");
C_("preset", "BERT-base pre-training (MosaicBERT, C4)");
C_("preset", "BERT-large fine-tuning on SQuAD v1.1");
C_("preset", "BERT-large pre-training from scratch");
C_("preset", "Evaluation loss 0.925 on GovReport, MLPerf Training v4.0");
C_("preset", "F1 90.96");
C_("preset", "FID ≤ 90 and CLIP ≥ 0.15, MLPerf Training v4.0");
C_("preset", "Final loss 1.24 (LAMB, phases 1 and 2)");
C_("preset", "GLUE dev average 79.6");
C_("preset", "GPT-2 124M from scratch (nanoGPT, OpenWebText)");
C_("preset", "LLaMA-7B full fine-tune on Alpaca 52K");
C_("preset", "Llama-2-70B LoRA fine-tune (MLPerf)");
C_("preset", "ResNet-50 on ImageNet, 90 epochs");
/* xgettext:no-c-format */
C_("preset", "ResNet-50 to 75.9% top-1 (MLPerf recipe)");
C_("preset", "Stable Diffusion 1.5 LoRA fine-tune, 15,000 steps");
C_("preset", "Stable Diffusion v2 training (MLPerf)");
C_("preset", "Throughput only: 10M tokens at sequence length 2048");
C_("preset", "Validation loss about 2.85 (600,000 iterations)");
C_("source", "AWS Spot Instance Advisor data (spot-advisor-data.json), as vendored by alexei-led/spotinfo");
C_("source", "Characterizing Transnational Internet Performance and the Great Bottleneck of China (Zhu et al., Proc. ACM Meas. Anal. Comput. Syst. 4(1), SIGMETRICS 2020)");
C_("source", "Dao et al., FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness (arXiv 2205.14135)");
C_("source", "Dettmers et al., QLoRA: Efficient Finetuning of Quantized LLMs (arXiv 2305.14314)");
C_("source", "EleutherAI, Transformer Math 101");
C_("source", "GPU Planner estimator: modelling assumptions (not measurements)");
C_("source", "Korthikanti et al., Reducing Activation Recomputation in Large Transformer Models (arXiv 2205.05198)");
C_("source", "Lambda deep learning benchmark, PyTorch training throughput (FP16 and FP32 tables)");
C_("source", "MLPerf Training v3.0 results (closed division)");
C_("source", "MLPerf Training v4.0 results (closed division)");
C_("source", "MLPerf Training v5.0 results (closed division)");
C_("source", "MLPerf Training v5.1 results (closed division)");
C_("source", "MosaicBERT: A Bidirectional Encoder Optimized for Fast Pretraining (arXiv 2312.17482)");
C_("source", "NVIDIA DeepLearningExamples, BERT for PyTorch (README performance tables)");
C_("source", "NVIDIA DeepLearningExamples, ResNet-50 v1.5 for PyTorch (README performance tables)");
C_("source", "NVIDIA DeepLearningExamples, ResNet-50 v1.5 for TensorFlow 1 + XLA");
C_("source", "Narayanan et al., Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM (arXiv 2104.04473)");
C_("source", "PyTorch documentation, Automatic Mixed Precision: CUDA ops that autocast to float32");
C_("source", "Qwen-7B README, fine-tuning speed and memory profile");
C_("source", "Rajbhandari et al., ZeRO: Memory Optimizations Toward Training Trillion Parameter Models (arXiv 1910.02054)");
C_("source", "Stanford Alpaca blog post, as quoted in tatsu-lab/stanford_alpaca issue 32");
C_("source", "Touvron et al., LLaMA: Open and Efficient Foundation Language Models (arXiv 2302.13971)");
C_("source", "juliensimon/stable-diffusion-v1-5-pokemon-lora model card (community, a single run)");
C_("source", "karpathy/nanoGPT README and config/train_gpt2.py");
