// The conditional logit (McFadden's choice model) for the offline fitting tools: each observed
// outcome is a choice among a few alternatives (the seats, and "nobody"), alternative k has a
// feature vector x(k), and its probability is exp(w . x(k)) over the sum of them. `fit` finds
// the maximum-likelihood weights with an L2 penalty by Newton's method. Outcomes may be shared:
// `share` is the observed weight of each alternative (1 for the winner; 1/2 each for a tie), and
// the likelihood is the product of p(k)^share(k).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace tabletop::fitting {

struct Choice {
  int alternatives = 0;
  std::vector<double> x;      // alternative k's features at [k * D, (k + 1) * D)
  std::vector<double> share;  // the observed outcome's weight on each alternative (sums to 1)
};

// p(k) of every alternative of `c` under `w` (D = w.size()).
inline void probabilities(const Choice& c, const std::vector<double>& w, std::vector<double>& p) {
  const std::size_t D = w.size();
  p.assign(std::size_t(c.alternatives), 0.0);
  double top = -1e300;
  for (std::size_t k = 0; k < p.size(); ++k) {
    for (std::size_t i = 0; i < D; ++i) p[k] += w[i] * c.x[k * D + i];
    top = std::max(top, p[k]);
  }
  double z = 0;
  for (double& v : p) z += v = std::exp(v - top);
  for (double& v : p) v /= z;
}

// The mean log-likelihood per choice of `data` under `w`.
inline double log_likelihood(const std::vector<Choice>& data, const std::vector<double>& w) {
  double sum = 0;
  std::vector<double> p;
  for (const Choice& c : data) {
    probabilities(c, w, p);
    for (std::size_t k = 0; k < p.size(); ++k)
      if (c.share[k] > 0) sum += c.share[k] * std::log(p[k]);
  }
  return data.empty() ? 0.0 : sum / double(data.size());
}

// Maximum-likelihood weights (D of them, those with `fixed[i]` kept at 0) with penalty
// l2 * |w|^2 / 2, by Newton's method from w = 0; `log` prints each step's figures to stderr.
inline std::vector<double> fit(const std::vector<Choice>& data, std::size_t D, double l2,
                               const std::vector<bool>& fixed = {}, bool log = false) {
  auto is_fixed = [&](std::size_t i) { return i < fixed.size() && fixed[i]; };
  std::vector<double> w(D, 0.0), g(D), H(D * D), mean(D), d(D), p;
  for (int step_count = 0; step_count < 50; ++step_count) {
    std::fill(g.begin(), g.end(), 0.0);
    std::fill(H.begin(), H.end(), 0.0);
    double loglik = 0;
    for (const Choice& c : data) {
      probabilities(c, w, p);
      std::fill(mean.begin(), mean.end(), 0.0);
      for (std::size_t k = 0; k < p.size(); ++k)
        for (std::size_t i = 0; i < D; ++i) mean[i] += p[k] * c.x[k * D + i];
      for (std::size_t k = 0; k < p.size(); ++k) {
        if (c.share[k] > 0) loglik += c.share[k] * std::log(p[k]);
        for (std::size_t i = 0; i < D; ++i) {
          const double di = c.x[k * D + i] - mean[i];
          g[i] += c.share[k] * di;
          if (di == 0) continue;
          for (std::size_t j = 0; j < D; ++j)
            H[i * D + j] += p[k] * di * (c.x[k * D + j] - mean[j]);
        }
      }
    }
    for (std::size_t i = 0; i < D; ++i) {
      g[i] -= l2 * w[i];
      H[i * D + i] += l2;
      if (!is_fixed(i)) continue;
      g[i] = 0;  // a fixed weight: its row and column say d = 0
      for (std::size_t j = 0; j < D; ++j) H[i * D + j] = H[j * D + i] = i == j ? 1.0 : 0.0;
    }
    // Solve H d = g: Gaussian elimination with partial pivoting.
    for (std::size_t c = 0; c < D; ++c) {
      std::size_t pivot = c;
      for (std::size_t r = c + 1; r < D; ++r)
        if (std::fabs(H[r * D + c]) > std::fabs(H[pivot * D + c])) pivot = r;
      for (std::size_t j = 0; j < D; ++j) std::swap(H[c * D + j], H[pivot * D + j]);
      std::swap(g[c], g[pivot]);
      for (std::size_t r = c + 1; r < D; ++r) {
        const double f = H[r * D + c] / H[c * D + c];
        for (std::size_t j = c; j < D; ++j) H[r * D + j] -= f * H[c * D + j];
        g[r] -= f * g[c];
      }
    }
    for (std::size_t c = D; c-- > 0;) {
      double v = g[c];
      for (std::size_t j = c + 1; j < D; ++j) v -= H[c * D + j] * d[j];
      d[c] = v / H[c * D + c];
    }
    double largest = 0;
    for (std::size_t i = 0; i < D; ++i) {
      w[i] += d[i];
      largest = std::max(largest, std::fabs(d[i]));
    }
    if (log)
      std::fprintf(stderr,
                   "  Newton step %d: log-likelihood per choice %.5f, largest change %.1e\n",
                   step_count + 1, data.empty() ? 0.0 : loglik / double(data.size()), largest);
    if (largest < 1e-7) break;
  }
  return w;
}

}  // namespace tabletop::fitting
