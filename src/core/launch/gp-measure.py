#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Written by GPU Planner: measures the speed and peak GPU memory of a training job of the shape
# below on this machine's first GPU, with PyTorch alone, and writes them as JSON for
# `gpu-planner-cli estimate --measurement FILE`.
#   python3 measure.py [--output FILE] [--steps N] [--cpu]
# --cpu runs a tiny model of the same kind on the CPU, to test the script without a GPU.

import argparse
import contextlib
import datetime
import json
import math
import sys
import time

JOB = @JOB@
# What the script says, in the language it was made in.
MESSAGES = @MESSAGES@

LORA_RANK = 64
TINY = {"width": 64, "layers": 2, "heads": 2, "vocabulary": 256, "batch": 2, "sequence": 32}


def shape(job, tiny):
    if tiny:
        return dict(TINY)
    # As the estimator reckons it from the size alone: about 12 × layers × width² parameters,
    # width ÷ layers 128, heads of 128.
    width = max(128, round((job["model_billions"] * 1e9 * 128 / 12) ** (1 / 3) / 128) * 128)
    layers = max(1, round(job["model_billions"] * 1e9 / (12 * width * width)))
    return {"width": width, "layers": layers, "heads": width // 128,
            "vocabulary": job["vocabulary"], "batch": job["batch"], "sequence": job["sequence"]}


def build(torch, s, method, dtype, device):
    nn = torch.nn
    F = torch.nn.functional

    class LoRALinear(nn.Module):
        def __init__(self, base):
            super().__init__()
            self.base = base
            self.base.weight.requires_grad_(False)
            self.a = nn.Parameter(torch.randn(LORA_RANK, base.in_features, device=device) * 0.01)
            self.b = nn.Parameter(torch.zeros(base.out_features, LORA_RANK, device=device))

        def forward(self, x):
            return self.base(x) + (x.to(self.a.dtype) @ self.a.t() @ self.b.t()).to(x.dtype)

    def linear(i, o):
        layer = nn.Linear(i, o, bias=False, device=device,
                          dtype=dtype if method in ("lora", "inference") else torch.float32)
        return LoRALinear(layer) if method == "lora" else layer

    def attention(q, k, v):
        if hasattr(F, "scaled_dot_product_attention"):
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        # PyTorch before 2.0: the scores are kept, as flash attention would not.
        t = q.shape[-2]
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
        mask = torch.ones(t, t, dtype=torch.bool, device=q.device).triu(1)
        return scores.masked_fill(mask, float("-inf")).softmax(-1) @ v

    def norm(width):
        # The residual stream's type: 16-bit where the weights are frozen at it.
        kind = nn.RMSNorm if hasattr(nn, "RMSNorm") else nn.LayerNorm
        return kind(width, device=device,
                    dtype=dtype if method in ("lora", "inference") else torch.float32)

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            w, hidden = s["width"], int(8 * s["width"] / 3)
            self.norm1 = norm(w)
            self.norm2 = norm(w)
            self.qkv = linear(w, 3 * w)
            self.out = linear(w, w)
            self.gate = linear(w, hidden)
            self.up = linear(w, hidden)
            self.down = linear(hidden, w)

        def forward(self, x):
            b, t, w = x.shape
            q, k, v = self.qkv(self.norm1(x)).split(w, dim=-1)
            q, k, v = (z.view(b, t, s["heads"], w // s["heads"]).transpose(1, 2) for z in (q, k, v))
            a = attention(q, k, v)
            x = x + self.out(a.transpose(1, 2).reshape(b, t, w))
            h = self.norm2(x)
            return x + self.down(F.silu(self.gate(h)) * self.up(h))

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(s["vocabulary"], s["width"], device=device)
            self.blocks = nn.ModuleList(Block() for _ in range(s["layers"]))
            self.head = nn.Linear(s["width"], s["vocabulary"], bias=False, device=device)
            if method in ("lora", "inference"):
                self.embed.to(dtype)
                self.head.to(dtype)
                self.embed.weight.requires_grad_(False)
                self.head.weight.requires_grad_(False)

        def forward(self, tokens, checkpointing):
            x = self.embed(tokens)
            for block in self.blocks:
                if checkpointing and self.training:
                    x = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
                else:
                    x = block(x)
            return self.head(x)

    return Model()


def states_gb(s, method):
    params = 12 * s["layers"] * s["width"] ** 2 + 2 * s["vocabulary"] * s["width"]
    per_param = {"full": 16, "lora": 2 + 0.024 * 16, "inference": 2}[method]
    return params * per_param / 1e9


def main():
    parser = argparse.ArgumentParser(description=MESSAGES["description"])
    parser.add_argument("--output", default="measurement.json", help=MESSAGES["output"])
    parser.add_argument("--steps", type=int, default=10, help=MESSAGES["steps"])
    parser.add_argument("--cpu", action="store_true", help=MESSAGES["cpu"])
    args = parser.parse_args()

    try:
        import torch
        import torch.utils.checkpoint
    except ImportError:
        sys.exit(MESSAGES["no_torch"])

    method = JOB["method"]
    if method == "qlora":
        sys.exit(MESSAGES["qlora"])
    if args.cpu:
        device = "cpu"
    elif torch.cuda.is_available():
        device = "cuda"
    else:
        sys.exit(MESSAGES["no_gpu"])

    s = shape(JOB, args.cpu)
    # What the job runs at: FP8 needs Transformer Engine, so BF16 stands in for it; a CPU has no
    # FP16 arithmetic to speak of (PyTorch's CPU autocast takes BF16 only), so FP16 runs in BF16
    # there, and the result says so.
    run_precision = {"fp8": "bf16"}.get(JOB["precision"], JOB["precision"])
    if device == "cpu" and run_precision == "fp16":
        run_precision = "bf16"
    dtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16,
             "bf16": torch.bfloat16}[run_precision]
    if device == "cuda":
        total_gb = torch.cuda.get_device_properties(0).total_memory / 1e9
        if states_gb(s, method) > total_gb * 0.95:
            sys.exit(MESSAGES["too_big"] % (states_gb(s, method), total_gb))
        torch.backends.cuda.matmul.allow_tf32 = JOB["precision"] == "tf32"
        torch.cuda.reset_peak_memory_stats()

    model = build(torch, s, method, dtype, device)
    training = method != "inference"
    model.train(training)
    trained = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trained, lr=1e-4) if training else None
    tokens = torch.randint(0, s["vocabulary"], (s["batch"], s["sequence"]), device=device)
    # Not even a disabled autocast at FP32: PyTorch 1.13 refuses a CPU autocast of any type but
    # BF16 on entry, enabled or not.
    autocast = (torch.autocast(device_type=device, dtype=dtype) if dtype != torch.float32
                else contextlib.nullcontext())

    def step():
        if not training:
            with torch.no_grad(), autocast:
                model(tokens, False)
            return
        with autocast:
            logits = model(tokens, JOB["checkpointing"])
            loss = torch.nn.functional.cross_entropy(logits.float().view(-1, s["vocabulary"]),
                                                     tokens.view(-1))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    try:
        for _ in range(3):
            step()
        if device == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(args.steps):
            step()
        if device == "cuda":
            torch.cuda.synchronize()
        seconds = time.perf_counter() - start
    except torch.cuda.OutOfMemoryError:
        sys.exit(MESSAGES["out_of_memory"] % (s["batch"], s["sequence"]))

    cuda = device == "cuda"
    result = {
        "gpu_planner_measurement": 1,
        "device": device,
        "gpu": torch.cuda.get_device_name(0) if cuda else "CPU",
        "gpu_memory_gb": round(torch.cuda.get_device_properties(0).total_memory / 1e9, 2) if cuda else None,
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "date": datetime.date.today().isoformat(),
        "attention": "sdpa" if hasattr(torch.nn.functional, "scaled_dot_product_attention")
                     else "plain",
        "job": dict(JOB, **{"width": s["width"], "layers": s["layers"], "batch": s["batch"],
                            "sequence": s["sequence"], "tiny": args.cpu}),
        "run_precision": run_precision,
        "tokens_per_s": round(args.steps * s["batch"] * s["sequence"] / seconds, 1),
        "peak_allocated_gb": round(torch.cuda.max_memory_allocated() / 1e9, 3) if cuda else None,
        "peak_reserved_gb": round(torch.cuda.max_memory_reserved() / 1e9, 3) if cuda else None,
    }
    with open(args.output, "w") as out:
        json.dump(result, out, indent=2)
        out.write("\n")
    print(MESSAGES["done"] % (
        result["gpu"], result["tokens_per_s"],
        MESSAGES["peak"] % result["peak_allocated_gb"] if cuda else "",
        MESSAGES["run_in"] % (JOB["precision"].upper(), run_precision.upper())
        if run_precision != JOB["precision"] else "", args.output))


if __name__ == "__main__":
    main()
