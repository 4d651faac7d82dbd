// The statistics the balance lab reports, each a standard method named where it is used:
//   - Wilson score interval for a proportion (wilson);
//   - sample size for a one-sample test of a proportion, two-sided 5% level, power 80%
//     (games_to_detect);
//   - an exact frequency table of observed values, for mean, quartiles, maximum and histograms in
//     memory bounded by the number of distinct values, not of games (Distribution);
//   - mean of paired differences with a normal-approximation 95% interval (Paired);
//   - Bradley–Terry strengths by Hunter's MM algorithm, on the Elo scale, with 95% intervals from
//     the observed Fisher information (bradley_terry).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tabletop::sim {

using json = nlohmann::json;

inline constexpr double kZ95 = 1.959963984540054;   // two-sided 95%
inline constexpr double kZ80 = 0.8416212335729143;  // one-sided 80% (power)

struct Interval {
  double low = 0, high = 0;
  bool contains(double x) const { return low <= x && x <= high; }
};

// The 95% Wilson score interval for `successes` of `trials` (trials 0: [0, 1]).
Interval wilson(long successes, long trials, double z = kZ95);

// The 95% Wilson score interval for a share `p` observed over an effective number `n` of trials
// (n 0: [0, 1]).
Interval wilson_share(double p, double n, double z = kZ95);

// A share whose trials come in clusters that are not independent: the games of one deal (its
// seat rotations, which replay the same dice and deals) are correlated, so the deal is the unit.
// Estimate p = S / N (successes over trials, summed over the D clusters). The design effect is
// the cluster-robust (linearised) variance of p over the variance for N independent trials:
//   deff = sum_d (s_d - p t_d)^2 / (N p (1 - p)),
// exactly 1 when every cluster holds one trial and m when clusters of m trials agree throughout.
// The interval is Wilson's at the effective sample size N / max(1, deff) (Kish): never narrower
// than the independent-games interval.
class ClusterShare {
 public:
  void add(double successes, double trials);  // one cluster (a deal)
  long clusters() const { return clusters_; }
  double successes() const { return s_; }
  double trials() const { return n_; }
  double share() const { return n_ > 0 ? s_ / n_ : 0; }
  // 1 when undefined (no trials, or p is 0 or 1).
  double design_effect() const;
  Interval interval() const { return wilson_share(share(), n_ / std::max(1.0, design_effect())); }
  // The sums the share and its interval come from: clusters, successes s, trials t and the sums
  // of s², s t, t² over clusters. Two shares over disjoint clusters add them (scripts/ladder
  // --extend); share and design_effect above are functions of these alone.
  struct Sums {
    long clusters;
    double s, t, ss, st, tt;
  };
  Sums sums() const { return {clusters_, s_, n_, ss_, sn_, nn_}; }
  // The share whose sums are `sums` (two runs' sums added: the whole run's share).
  static ClusterShare from_sums(const Sums& sums);

 private:
  long clusters_ = 0;
  double s_ = 0, n_ = 0, ss_ = 0, sn_ = 0, nn_ = 0;  // sums of s, t, s^2, s t, t^2
};

// Games needed to tell a true rate `p` from `p + difference` (or `p - difference`, whichever
// needs more) with a two-sided test at the 5% level and 80% power, by the normal approximation
// n = ((z_a sqrt(p q) + z_b sqrt(p' q')) / d)^2. `difference` is a share (0.05 = 5 points).
long games_to_detect(double p, double difference);

// Observed values with their counts. Integers (plies, rounds, figures) are kept exactly; other
// values (seconds) are rounded to three significant digits first, so memory stays bounded
// however many games are added.
class Distribution {
 public:
  void add(double value);
  long count() const { return count_; }
  double mean() const { return count_ ? sum_ / double(count_) : 0; }
  // Sample standard deviation (0 below two values).
  double sd() const;
  double min() const { return values_.empty() ? 0 : values_.begin()->first; }
  double max() const { return values_.empty() ? 0 : values_.rbegin()->first; }
  // The q-quantile (0 <= q <= 1) of the kept values, by the nearest-rank method.
  double quantile(double q) const;
  // Each kept value with its count, in increasing order.
  const std::map<double, long>& counts() const { return values_; }
  // Share of values that are not zero.
  double nonzero_share() const;
  struct Bin {
    double low, high;  // [low, high), the last bin closed
    long count;
  };
  // Up to `bins` equal-width bins from min to max (integers: widths rounded up to whole numbers).
  std::vector<Bin> histogram(int bins) const;
  // count, mean, sd, min, q1, median, q3, max.
  json to_json() const;

 private:
  std::map<double, long> values_;
  long count_ = 0;
  double sum_ = 0, sum_squares_ = 0;
};

// Paired differences d_i (one per deal): mean and a 95% normal-approximation interval
// mean ± 1.96 sd / sqrt(n).
class Paired {
 public:
  void add(double difference);
  long count() const { return n_; }
  double mean() const { return n_ ? sum_ / double(n_) : 0; }
  double sd() const;
  Interval interval() const;
  // Why interval() says nothing, or "" when it does: "fewer than two deals", or "the same in every
  // deal" (no spread to estimate it from; the difference is then exact for these deals).
  std::string undefined_why() const;

 private:
  long n_ = 0;
  double sum_ = 0, sum_squares_ = 0;
};

// Running mean and variance of one quantity (per-deal values), for unpaired comparisons.
class Moments {
 public:
  void add(double x);
  long count() const { return n_; }
  double mean() const { return n_ ? sum_ / double(n_) : 0; }
  double variance() const;

 private:
  long n_ = 0;
  double sum_ = 0, sum_squares_ = 0;
};

// A per-game quantity averaged within each deal, then over deals: the mean with a 95% normal
// interval over the deals (mean ± 1.96 sd/sqrt(D)), so the deal is the unit. Games that do not
// have the quantity are simply not added; a deal without any is skipped.
class DealMeans {
 public:
  void add(double x) {
    sum_ += x;
    ++n_;
  }
  void close_deal() {
    if (n_) deals_.add(sum_ / double(n_));
    sum_ = 0;
    n_ = 0;
  }
  long deals() const { return deals_.count(); }
  double mean() const { return deals_.mean(); }
  // Infinite ends below two deals.
  Interval interval() const;

 private:
  Moments deals_;
  double sum_ = 0;
  long n_ = 0;
};

// The coefficient of variation (sample sd / mean) of a per-game quantity over all games, with a
// 95% interval from the jackknife over deals (each deal left out in turn: value ± 1.96 jackknife
// standard errors), so the deal is the unit here too. Keeps three numbers per deal.
class DealSpread {
 public:
  void add(double x) {
    sum_ += x;
    squares_ += x * x;
    ++n_;
  }
  void close_deal();
  long deals() const { return long(deals_.size()); }
  // 0 with fewer than two games or a mean of 0.
  double value() const;
  // Infinite ends below two deals.
  Interval interval() const;

 private:
  struct Deal {
    double sum, squares;
    long n;
  };
  static double cv(double sum, double squares, long n);
  std::vector<Deal> deals_;
  double total_sum_ = 0, total_squares_ = 0, sum_ = 0, squares_ = 0;
  long total_n_ = 0, n_ = 0;
};

struct Ratings {
  std::vector<double> elo;       // 400 log10 of each strength, centred on mean 0
  std::vector<Interval> elo_95;  // from the inverse observed information (sum-zero constraint)
  int iterations = 0;            // MM iterations until the largest change was below 1e-9
};

// Bradley–Terry strengths from wins[i][j] = games in which i beat j. Each pair that met also gets
// one virtual draw (half a win each way), a weak prior that keeps the ratings finite when one
// agent won every game. Agents that never played get rating 0 and an infinite interval.
Ratings bradley_terry(const std::vector<std::vector<double>>& wins);

}  // namespace tabletop::sim
