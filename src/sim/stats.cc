#include "sim/stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tabletop::sim {

Interval wilson(long successes, long trials, double z) {
  if (trials <= 0) return {0, 1};
  return wilson_share(double(successes) / double(trials), double(trials), z);
}

Interval wilson_share(double p, double n, double z) {
  if (n <= 0) return {0, 1};
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  // At p = 0 or 1 the end is exactly 0 or 1 (rounding would leave it a hair inside).
  return {p <= 0 ? 0.0 : std::max(0.0, centre - half), p >= 1 ? 1.0 : std::min(1.0, centre + half)};
}

void ClusterShare::add(double successes, double trials) {
  ++clusters_;
  s_ += successes;
  n_ += trials;
  ss_ += successes * successes;
  sn_ += successes * trials;
  nn_ += trials * trials;
}

ClusterShare ClusterShare::from_sums(const Sums& sums) {
  ClusterShare c;
  c.clusters_ = sums.clusters;
  c.s_ = sums.s;
  c.n_ = sums.t;
  c.ss_ = sums.ss;
  c.sn_ = sums.st;
  c.nn_ = sums.tt;
  return c;
}

double ClusterShare::design_effect() const {
  const double p = share();
  if (n_ <= 0 || p <= 0 || p >= 1) return 1;
  const double residual = std::max(0.0, ss_ - 2 * p * sn_ + p * p * nn_);
  return residual / (n_ * p * (1 - p));
}

long games_to_detect(double p, double difference) {
  if (difference <= 0) return 0;
  p = std::clamp(p, 0.0, 1.0);
  long worst = 0;
  for (double q : {p - difference, p + difference}) {
    if (q < 0 || q > 1) continue;
    const double a = kZ95 * std::sqrt(p * (1 - p)) + kZ80 * std::sqrt(q * (1 - q));
    worst = std::max(worst, long(std::ceil(a * a / (difference * difference))));
  }
  return worst;
}

void Distribution::add(double value) {
  double key = value;
  if (value != std::floor(value) || std::fabs(value) > 1e12) {
    if (value != 0) {
      const double scale = std::pow(10.0, 2 - std::floor(std::log10(std::fabs(value))));
      key = std::round(value * scale) / scale;
    }
  }
  ++values_[key];
  ++count_;
  sum_ += value;
  sum_squares_ += value * value;
}

double Distribution::sd() const {
  if (count_ < 2) return 0;
  const double m = mean();
  return std::sqrt(std::max(0.0, (sum_squares_ - double(count_) * m * m) / double(count_ - 1)));
}

double Distribution::quantile(double q) const {
  if (count_ == 0) return 0;
  const long rank = std::max(1L, long(std::ceil(q * double(count_))));
  long seen = 0;
  for (const auto& [value, n] : values_) {
    seen += n;
    if (seen >= rank) return value;
  }
  return max();
}

double Distribution::nonzero_share() const {
  if (count_ == 0) return 0;
  auto zero = values_.find(0.0);
  return 1.0 - (zero == values_.end() ? 0.0 : double(zero->second) / double(count_));
}

std::vector<Distribution::Bin> Distribution::histogram(int bins) const {
  std::vector<Bin> out;
  if (count_ == 0 || bins <= 0) return out;
  const double lo = min(), hi = max();
  bool integers = true;
  for (const auto& [value, n] : values_) integers &= value == std::floor(value);
  double width = (hi - lo) / bins;
  if (integers) width = std::max(1.0, std::ceil((hi - lo + 1) / bins));
  if (width <= 0) width = 1;
  const int used = std::max(1, int(std::ceil((hi - lo + (integers ? 1 : 0)) / width)));
  for (int b = 0; b < used; ++b) out.push_back({lo + b * width, lo + (b + 1) * width, 0});
  for (const auto& [value, n] : values_) {
    int b = int((value - lo) / width);
    b = std::clamp(b, 0, used - 1);
    out[std::size_t(b)].count += n;
  }
  return out;
}

json Distribution::to_json() const {
  return json{{"count", count_},      {"mean", mean()},       {"sd", sd()},
              {"min", min()},         {"q1", quantile(0.25)}, {"median", quantile(0.5)},
              {"q3", quantile(0.75)}, {"max", max()},         {"nonzero", nonzero_share()}};
}

void Paired::add(double difference) {
  ++n_;
  sum_ += difference;
  sum_squares_ += difference * difference;
}

double Paired::sd() const {
  if (n_ < 2) return 0;
  const double m = mean();
  return std::sqrt(std::max(0.0, (sum_squares_ - double(n_) * m * m) / double(n_ - 1)));
}

Interval Paired::interval() const {
  if (n_ < 2)
    return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  const double half = kZ95 * sd() / std::sqrt(double(n_));
  return {mean() - half, mean() + half};
}

std::string Paired::undefined_why() const {
  if (n_ < 2) return "fewer than two deals";
  if (sd() == 0) return "the same in every deal";
  return "";
}

void Moments::add(double x) {
  ++n_;
  sum_ += x;
  sum_squares_ += x * x;
}

double Moments::variance() const {
  if (n_ < 2) return 0;
  const double m = mean();
  return std::max(0.0, (sum_squares_ - double(n_) * m * m) / double(n_ - 1));
}

Interval DealMeans::interval() const {
  if (deals_.count() < 2)
    return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  const double half = kZ95 * std::sqrt(deals_.variance() / double(deals_.count()));
  return {mean() - half, mean() + half};
}

double DealSpread::cv(double sum, double squares, long n) {
  if (n < 2 || sum == 0) return 0;
  const double mean = sum / double(n);
  const double variance = std::max(0.0, (squares - double(n) * mean * mean) / double(n - 1));
  return std::sqrt(variance) / mean;
}

void DealSpread::close_deal() {
  if (n_) {
    deals_.push_back({sum_, squares_, n_});
    total_sum_ += sum_;
    total_squares_ += squares_;
    total_n_ += n_;
  }
  sum_ = squares_ = 0;
  n_ = 0;
}

double DealSpread::value() const {
  return cv(total_sum_, total_squares_, total_n_);
}

Interval DealSpread::interval() const {
  const std::size_t d = deals_.size();
  if (d < 2)
    return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Moments leave_one_out;
  for (const Deal& deal : deals_)
    leave_one_out.add(cv(total_sum_ - deal.sum, total_squares_ - deal.squares, total_n_ - deal.n));
  // Jackknife variance: (d - 1) / d * sum of squared deviations = (d - 1)^2 / d * sample variance.
  const double variance = double(d - 1) * double(d - 1) / double(d) * leave_one_out.variance();
  const double half = kZ95 * std::sqrt(variance);
  return {value() - half, value() + half};
}

namespace {

// Solves a * x = b in place by Gaussian elimination with partial pivoting; false if singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double>& b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    if (std::fabs(a[pivot][c]) < 1e-12) return false;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (std::size_t c = 0; c < n; ++c) b[c] /= a[c][c];
  return true;
}

}  // namespace

Ratings bradley_terry(const std::vector<std::vector<double>>& wins) {
  const std::size_t k = wins.size();
  std::vector<std::vector<double>> w(k, std::vector<double>(k, 0));
  std::vector<bool> played(k, false);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < k; ++j) {
      if (i == j) continue;
      const double met = wins[i][j] + wins[j][i];
      w[i][j] = wins[i][j] + (met > 0 ? 0.5 : 0);
      if (met > 0) played[i] = true;
    }
  std::vector<double> p(k, 1.0);
  Ratings out;
  for (out.iterations = 1; out.iterations <= 10000; ++out.iterations) {
    double change = 0;
    std::vector<double> next(k, 1.0);
    for (std::size_t i = 0; i < k; ++i) {
      if (!played[i]) continue;
      double won = 0, denominator = 0;
      for (std::size_t j = 0; j < k; ++j) {
        if (j == i) continue;
        won += w[i][j];
        const double n = w[i][j] + w[j][i];
        if (n > 0) denominator += n / (p[i] + p[j]);
      }
      next[i] = denominator > 0 ? won / denominator : p[i];
    }
    double log_mean = 0;
    int counted = 0;
    for (std::size_t i = 0; i < k; ++i)
      if (played[i]) log_mean += std::log(next[i]), ++counted;
    if (counted) log_mean /= counted;
    for (std::size_t i = 0; i < k; ++i) {
      if (!played[i]) continue;
      next[i] /= std::exp(log_mean);
      change = std::max(change, std::fabs(std::log(next[i]) - std::log(p[i])));
    }
    p = next;
    if (change < 1e-9) break;
  }
  const double scale = 400.0 / std::log(10.0);
  out.elo.assign(k, 0);
  out.elo_95.assign(
      k, {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()});
  for (std::size_t i = 0; i < k; ++i) out.elo[i] = played[i] ? scale * std::log(p[i]) : 0;
  // Observed information of the log-strengths of the agents that played: a weighted graph
  // Laplacian L. Under the sum-zero constraint the covariance is L's pseudo-inverse,
  // (L + J/m)^-1 - J/m (m agents; singular, and the intervals left infinite, when the agents fall
  // into groups that never met).
  std::vector<std::size_t> index;
  for (std::size_t i = 0; i < k; ++i)
    if (played[i]) index.push_back(i);
  const std::size_t m = index.size();
  std::vector<std::vector<double>> info(m, std::vector<double>(m, 1.0 / double(m)));
  for (std::size_t a = 0; a < m; ++a)
    for (std::size_t b = 0; b < m; ++b) {
      const std::size_t i = index[a], j = index[b];
      if (i == j) continue;
      const double n = w[i][j] + w[j][i];
      if (n == 0) continue;
      const double q = p[i] / (p[i] + p[j]);
      info[a][b] -= n * q * (1 - q);
      info[a][a] += n * q * (1 - q);
    }
  for (std::size_t a = 0; a < m; ++a) {
    std::vector<double> e(m, 0);
    e[a] = 1;
    if (!solve(info, e)) break;
    const double variance = e[a] - 1.0 / double(m);
    if (variance <= 0) continue;
    const std::size_t i = index[a];
    const double half = kZ95 * scale * std::sqrt(variance);
    out.elo_95[i] = {out.elo[i] - half, out.elo[i] + half};
  }
  return out;
}

}  // namespace tabletop::sim
