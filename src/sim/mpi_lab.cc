#include "sim/mpi_lab.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

namespace tabletop::sim {
namespace {

constexpr int kBatchTag = 1;  // finished deals
constexpr int kEndTag = 2;    // the rank's stream is over (all its deals, or it stopped)
constexpr int kErrorTag = 3;  // a game threw: the error text
constexpr std::size_t kQueueDeals = 256;  // deals a rank keeps ready (and sends in one batch)
constexpr auto kPoll = std::chrono::microseconds(100);

// ---- GameResult <-> bytes (same machine word sizes on every rank: one build of the binary) ----

class Writer {
 public:
  std::string bytes;
  template <class T>
  void pod(T value) {
    bytes.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void str(const std::string& s) {
    pod<uint64_t>(s.size());
    bytes += s;
  }
  template <class T>
  void pods(const std::vector<T>& v) {
    pod<uint64_t>(v.size());
    bytes.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : data_(bytes) {}
  template <class T>
  T pod() {
    T value;
    need(sizeof value);
    std::memcpy(&value, data_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  std::string str() {
    const auto n = std::size_t(pod<uint64_t>());
    need(n);
    std::string s = data_.substr(at_, n);
    at_ += n;
    return s;
  }
  template <class T>
  std::vector<T> pods() {
    const auto n = std::size_t(pod<uint64_t>());
    need(n * sizeof(T));
    std::vector<T> v(n);
    std::memcpy(v.data(), data_.data() + at_, n * sizeof(T));
    at_ += n * sizeof(T);
    return v;
  }
  bool done() const { return at_ == data_.size(); }

 private:
  void need(std::size_t n) const {
    if (data_.size() - at_ < n) throw Error("lab over MPI: a message from a rank is truncated");
  }
  const std::string& data_;
  std::size_t at_ = 0;
};

void write(Writer& w, const GameResult& r) {
  w.pod<int64_t>(r.deal);
  w.pod<int32_t>(r.condition);
  w.pod<int32_t>(r.rotation);
  w.pod<uint64_t>(r.seed);
  w.pod<int32_t>(r.players);
  w.pods(r.seat_slot);
  w.pods(r.returns);
  w.pod<int32_t>(r.plies);
  w.pod<double>(r.seconds);
  w.pod<uint8_t>(r.capped);
  w.pod<uint64_t>(r.figures.size());
  for (const auto& [name, value] : r.figures) {
    w.str(name);
    w.pod<double>(value);
  }
  const GameQuality& q = r.quality;
  w.pod<uint8_t>(q.measured);
  w.pod<double>(q.branching);
  w.pods(q.choices);
  w.pod<int32_t>(q.lead_changes);
  w.pod<uint8_t>(q.estimated);
  w.pod<uint8_t>(q.winner_behind_at_midpoint);
  w.pod<double>(q.clear_at);
  w.pod<double>(q.winner_lowest);
  w.pods(q.trace);
  w.pod<uint64_t>(q.seat_figure_names.size());
  for (std::size_t i = 0; i < q.seat_figure_names.size(); ++i) {
    w.str(q.seat_figure_names[i]);
    w.str(q.seat_figure_meanings[i]);
  }
  w.pods(q.figure_trace);
  w.pod<uint8_t>(r.record.has_value());
  if (!r.record) return;
  const Record& rec = *r.record;
  w.str(rec.game);
  w.str(rec.params.dump());
  w.pod<uint64_t>(rec.seed);
  w.pod<uint64_t>(rec.seats.size());
  for (const std::string& s : rec.seats) w.str(s);
  w.pod<uint64_t>(rec.moves.size());
  for (const std::string& m : rec.moves) w.str(m);
  w.pods(rec.chance);
  w.pod<uint8_t>(rec.result.has_value());
  if (rec.result) w.pods(*rec.result);
}

GameResult read(Reader& in) {
  GameResult r;
  r.deal = long(in.pod<int64_t>());
  r.condition = in.pod<int32_t>();
  r.rotation = in.pod<int32_t>();
  r.seed = in.pod<uint64_t>();
  r.players = in.pod<int32_t>();
  r.seat_slot = in.pods<int>();
  r.returns = in.pods<double>();
  r.plies = in.pod<int32_t>();
  r.seconds = in.pod<double>();
  r.capped = in.pod<uint8_t>() != 0;
  const auto figures = in.pod<uint64_t>();
  for (uint64_t i = 0; i < figures; ++i) {
    std::string name = in.str();
    r.figures.emplace_back(std::move(name), in.pod<double>());
  }
  GameQuality& q = r.quality;
  q.measured = in.pod<uint8_t>() != 0;
  q.branching = in.pod<double>();
  q.choices = in.pods<int>();
  q.lead_changes = in.pod<int32_t>();
  q.estimated = in.pod<uint8_t>() != 0;
  q.winner_behind_at_midpoint = in.pod<uint8_t>() != 0;
  q.clear_at = in.pod<double>();
  q.winner_lowest = in.pod<double>();
  q.trace = in.pods<float>();
  const auto seat_figures = in.pod<uint64_t>();
  for (uint64_t i = 0; i < seat_figures; ++i) {
    q.seat_figure_names.push_back(in.str());
    q.seat_figure_meanings.push_back(in.str());
  }
  q.figure_trace = in.pods<float>();
  if (!in.pod<uint8_t>()) return r;
  Record rec;
  rec.game = in.str();
  rec.params = json::parse(in.str());
  rec.seed = in.pod<uint64_t>();
  const auto seats = in.pod<uint64_t>();
  for (uint64_t i = 0; i < seats; ++i) rec.seats.push_back(in.str());
  const auto moves = in.pod<uint64_t>();
  for (uint64_t i = 0; i < moves; ++i) rec.moves.push_back(in.str());
  rec.chance = in.pods<uint32_t>();
  if (in.pod<uint8_t>()) rec.result = in.pods<double>();
  r.record = std::move(rec);
  return r;
}

// ---- one rank's own games: run_plan in a thread, finished deals queued in order ----

struct Deal {
  long index = 0;
  std::vector<GameResult> games;
};

class LocalPlay final : public Sink {
 public:
  // Starts playing `plan` (this rank's share) at once.
  LocalPlay(const Plan& plan) : user_stop_(plan.stop) {
    Plan own = plan;
    own.stop = &stop_;
    thread_ = std::thread([this, own] {
      try {
        info_ = run_plan(own, *this);
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);
        error_ = e.what();
      }
      std::lock_guard lock(mutex_);
      finished_ = true;
      changed_.notify_all();
    });
  }
  ~LocalPlay() override { abandon(); }

  void game(const GameResult& result) override { current_.games.push_back(result); }
  void deal_done(long deal) override {
    if (user_stop_ && user_stop_->load()) stop_ = true;
    current_.index = deal;
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queue_.size() < kQueueDeals || abandoned_; });
    if (!abandoned_) queue_.push_back(std::move(current_));
    current_ = Deal();
    changed_.notify_all();
  }

  // Waits for at least one finished deal and takes up to `max` of them, in deal order; empty when
  // the stream is over (every deal of the share played, or stopped, or a game threw: error()).
  std::vector<Deal> take(std::size_t max) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !queue_.empty() || finished_; });
    std::vector<Deal> out;
    while (!queue_.empty() && out.size() < max) {
      out.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    changed_.notify_all();
    return out;
  }
  // Stops play (no new deal) and drops what is queued; joins the thread.
  void abandon() {
    stop_ = true;
    {
      std::lock_guard lock(mutex_);
      abandoned_ = true;
      queue_.clear();
      changed_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
  }
  // After take() came back empty: the error text of a game that threw, else empty.
  std::string error() {
    std::lock_guard lock(mutex_);
    return error_;
  }
  const RunInfo& info() const { return info_; }

 private:
  const std::atomic<bool>* user_stop_;
  std::atomic<bool> stop_{false};
  Deal current_;  // filled by run_plan's sink calls, which never overlap
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Deal> queue_;
  bool finished_ = false, abandoned_ = false;
  std::string error_;
  RunInfo info_;
  std::thread thread_;
};

void wait(MPI_Request& request) {
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(kPoll);
  }
}

void send(const std::string& bytes, int tag) {
  if (bytes.size() > std::size_t(INT_MAX)) throw Error("lab over MPI: a batch is over 2 GB");
  MPI_Request request;
  MPI_Issend(bytes.data(), int(bytes.size()), MPI_BYTE, 0, tag, MPI_COMM_WORLD, &request);
  wait(request);
}

// The next message from `source`: its tag and bytes.
int receive(int source, std::string& bytes) {
  MPI_Status status;
  for (;;) {
    int ready = 0;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &ready, &status);
    if (ready) break;
    std::this_thread::sleep_for(kPoll);
  }
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  bytes.resize(std::size_t(count));
  MPI_Recv(bytes.data(), count, MPI_BYTE, source, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return status.MPI_TAG;
}

// A rank other than 0: play, send batches, then the end (or the error).
RunInfo serve_rank(const Plan& plan) {
  LocalPlay local(plan);
  for (;;) {
    std::vector<Deal> deals = local.take(kQueueDeals);
    if (deals.empty()) break;
    Writer w;
    w.pod<uint64_t>(deals.size());
    for (const Deal& d : deals) {
      w.pod<int64_t>(d.index);
      w.pod<uint64_t>(d.games.size());
      for (const GameResult& g : d.games) write(w, g);
    }
    send(w.bytes, kBatchTag);
  }
  const std::string error = local.error();
  if (!error.empty()) {
    send(error, kErrorTag);
  } else {
    send(std::string(), kEndTag);
  }
  local.abandon();
  return local.info();
}

}  // namespace

bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

MpiWorld::MpiWorld() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &local_size_);
  MPI_Comm_free(&local);
}

MpiWorld::~MpiWorld() {
  MPI_Finalize();
}

void MpiWorld::abort(int code) const {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();  // MPI_Abort does not return; this keeps [[noreturn]] honest
}

RunInfo run_plan_mpi(const MpiWorld& world, const Plan& plan, Sink& sink) {
  Plan own = plan;
  own.rank = world.rank();
  own.ranks = world.size();
  if (own.threads <= 0)
    own.threads =
        std::max(1, int(std::thread::hardware_concurrency()) / std::max(1, world.local_size()));
  // Every rank checks the agent specs before any game, so a bad one throws everywhere alike.
  if (world.rank() != 0) return serve_rank(own);

  const auto start = std::chrono::steady_clock::now();
  const int ranks = world.size();
  LocalPlay local(own);
  std::vector<std::deque<Deal>> remote(static_cast<std::size_t>(ranks));
  std::vector<bool> ended(static_cast<std::size_t>(ranks), false);
  std::deque<Deal> mine;
  std::string bytes;
  // Receives one message from `source` into remote[source] (or marks its stream ended).
  auto receive_from = [&](int source) {
    const int tag = receive(source, bytes);
    if (tag == kErrorTag) throw Error(bytes);
    if (tag == kEndTag) {
      ended[std::size_t(source)] = true;
      return;
    }
    Reader in(bytes);
    const auto deals = in.pod<uint64_t>();
    for (uint64_t i = 0; i < deals; ++i) {
      Deal d;
      d.index = long(in.pod<int64_t>());
      const auto games = in.pod<uint64_t>();
      for (uint64_t g = 0; g < games; ++g) d.games.push_back(read(in));
      remote[std::size_t(source)].push_back(std::move(d));
    }
  };

  long merged = 0;
  for (long deal = 0; deal < plan.deals; ++deal) {
    const int owner = int(deal % ranks);
    std::deque<Deal>& from = owner == 0 ? mine : remote[std::size_t(owner)];
    if (owner == 0 && from.empty()) {
      for (Deal& d : local.take(kQueueDeals)) mine.push_back(std::move(d));
      if (mine.empty() && !local.error().empty()) throw Error(local.error());
    }
    while (owner != 0 && from.empty() && !ended[std::size_t(owner)]) receive_from(owner);
    if (from.empty()) break;  // that rank stopped: the merge ends here
    Deal d = std::move(from.front());
    from.pop_front();
    if (d.index != deal)
      throw Error("lab over MPI: expected deal " + std::to_string(deal) + " from rank " +
                  std::to_string(owner) + ", got " + std::to_string(d.index));
    for (const GameResult& g : d.games) sink.game(g);
    sink.deal_done(deal);
    ++merged;
  }
  // Stopped early: let the other ranks finish their streams (their games are dropped).
  local.abandon();
  for (int source = 1; source < ranks; ++source)
    while (!ended[std::size_t(source)]) {
      receive_from(source);
      remote[std::size_t(source)].clear();
    }
  RunInfo info;
  info.deals_done = merged;
  info.interrupted = merged < plan.deals;
  info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return info;
}

}  // namespace tabletop::sim
