// The balance lab over MPI (Open MPI): `mpirun -np K tabletop sim ...` plays one plan in K
// processes, on one machine or several. Built only when CMake finds MPI (TABLETOP_WITH_MPI); the
// default build and a plain `tabletop sim` do not touch MPI at all.
//
// Division of work. Rank r plays the deals d with d % K == r (Plan::rank, Plan::ranks), in its own
// threads, exactly as run_plan plays them: a deal's games depend only on the master seed, the deal
// index, the condition and the rotation, so every game is the one the single-process run plays.
// Rank 0 plays its share too and merges: it hands the games to its sink in deal order (deal 0 from
// rank 0, deal 1 from rank 1, ...), so summaries, CSV, records and reports are identical to the
// single-process run's (only the seconds differ). The other ranks send their finished deals to
// rank 0 in batches (synchronous sends: a rank runs at most a bounded number of deals ahead of the
// merge, so memory does not grow with the number of deals) and write nothing.
//
// Waiting. Every wait on another rank polls (MPI_Test / MPI_Iprobe, then a 100-microsecond sleep)
// instead of spinning, so idle ranks leave the cores to the ones playing.
//
// Stopping. When a rank's Plan::stop is set, it plays no new deal and ends its stream; rank 0
// merges up to the first deal missing and then receives and drops what the other ranks still send.
// (Under mpirun, Ctrl-C reaches mpirun, which ends the whole job: use --games to bound a run.)
//
// Errors. A game that throws on rank r stops rank r's stream with the error text; rank 0 rethrows
// it (as tabletop::Error) when the merge reaches that point. The caller then ends the job with
// MpiWorld::abort, since the other ranks may be waiting for rank 0.
#pragma once

#include "sim/lab.h"

namespace tabletop::sim {

// True when this process was started by mpirun (Open MPI's environment variable
// OMPI_COMM_WORLD_SIZE, or PMI_SIZE / PMIX_RANK of other launchers). A process started by hand is
// never made an MPI singleton: it runs the plain lab.
bool launched_by_mpirun();

// MPI for the life of the object: MPI_Init_thread (funneled: only the thread that made it calls
// MPI) in the constructor, MPI_Finalize in the destructor. One per process.
class MpiWorld {
 public:
  MpiWorld();
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ranks on this machine (this one included): the default thread count of a rank is the
  // machine's cores divided by this.
  int local_size() const { return local_size_; }
  // Ends every rank of the job with `code` (MPI_Abort). Does not return.
  [[noreturn]] void abort(int code) const;

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1;
};

// Plays `plan` across the world's ranks (see above); Plan::rank and Plan::ranks are set here.
// With Plan::threads 0, each rank uses cores / local_size() threads (at least one). On rank 0,
// `sink` receives every game of every rank in deal order and the RunInfo counts all deals merged;
// on the other ranks `sink` receives nothing and the RunInfo counts the rank's own deals. Throws
// what run_plan throws (a bad agent spec throws on every rank before any game).
RunInfo run_plan_mpi(const MpiWorld& world, const Plan& plan, Sink& sink);

}  // namespace tabletop::sim
