// Conspiracy TCG's observation tensor (the layout is documented at TcgGame in conspiracy_tcg.h
// and in docs/games/conspiracy-tcg.md, "For learning"): built from what observation(viewer)
// shows and nothing else.
#include <algorithm>

#include "games/conspiracy_tcg/conspiracy_tcg.h"

namespace tabletop::conspiracy_tcg {

std::vector<int> TcgGame::observation_tensor_shape() const {
  return {agent_count() * kAgentFeatures + kMaxSeats * kSeatFeatures + kGlobalFeatures};
}

void TcgState::write_observation_tensor(Seat viewer, std::span<float> out) const {
  const int agents = rules().agent_count();
  const uint8_t me = viewer_bit(viewer);
  auto agent = [&](uint16_t a) { return out.data() + std::size_t(a) * TcgGame::kAgentFeatures; };
  const bool building = phase_ == kRearranging;
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    for (int c = 0; c < st.columns; ++c)
      for (int d = 0; d < st.col_len[std::size_t(c)]; ++d) {
        float* x = agent(st.col[std::size_t(c)][std::size_t(d)]);
        x[s] = 1;
        x[6 + c] = 1;
        x[14 + d] = 1;
        if (is_exposed(s, c, d)) x[20] = 1;
      }
    for (int i = 0; i < st.hand_count; ++i) {
      if (!(st.hand_seen[std::size_t(i)] & me)) continue;
      float* x = agent(st.hand[std::size_t(i)]);
      x[21 + s] = 1;
      x[27 + i] = 1;
    }
    for (int i = 0; i < st.pile_count; ++i) {  // from the top
      const int index = st.pile_count - 1 - i;
      if (!(st.pile_seen[std::size_t(index)] & me)) continue;
      float* x = agent(st.pile[std::size_t(index)]);
      x[36 + s] = 1;
      if (x[42] == 0) x[42] = float(i + 1);
    }
  }
  for (int a = 0; a < agents; ++a) {
    float* x = agent(uint16_t(a));
    x[43] = discarded_[std::size_t(a)];
    x[44] = claimed_[std::size_t(a)];
  }
  for (int k = 0; k < kMasterPlans; ++k)
    if (plan_holder_[std::size_t(k)] != kNoAgent) agent(plan_holder_[std::size_t(k)])[45 + k] = 1;
  for (int b = 0; b < bomb_count_; ++b)
    for (uint16_t a : bombs_[std::size_t(b)]) agent(a)[51] += 1;
  for (int i = 0; i < pending_count_; ++i) agent(pending_[std::size_t(i)])[52] = 1;
  if (attacker_ != kNoAgent) agent(attacker_)[53] = 1;
  if (doomed_ != kNoAgent) agent(doomed_)[54] = 1;
  int built = 0;
  if (building)
    for (int c = 0; c < built_.columns; ++c)
      for (int d = 0; d < built_.col_len[std::size_t(c)]; ++d, ++built) {
        float* x = agent(built_.col[std::size_t(c)][std::size_t(d)]);
        x[55 + c] = 1;
        x[63 + d] = 1;
      }
  // Seats.
  float* seats = out.data() + std::size_t(agents) * TcgGame::kAgentFeatures;
  const Seat to_act = current_player();
  for (Seat s = 0; s < num_players(); ++s) {
    const SeatState& st = seat(s);
    float* x = seats + std::size_t(s) * TcgGame::kSeatFeatures;
    x[0] = 1;
    x[1] = s == viewer;
    x[2] = s == to_act;
    x[3] = s == to_move_;
    x[4] = st.out;
    x[5] = over_ && s == winner_;
    x[6] = st.hand_count;
    x[7] = st.hand_size;
    x[8] = st.hand_open;
    x[9] = st.pile_count;
    x[10] = st.columns;
    for (int c = 0; c < kMaxColumns; ++c) {
      x[11 + c] = (st.bridges >> c) & 1;
      x[19 + c] = c < st.columns ? st.col_len[std::size_t(c)] : 0;
    }
    x[27] = s == proposer_;
    x[28] = s == asked_;
    x[29] = s == emergency_;
    x[30] = s == reacting_;
    x[31] = (asked_reaction_ >> s) & 1;
    x[32] = s == scry_target_;
    x[33] = building && s == rearranged_;
  }
  // The rest.
  float* x = seats + std::size_t(kMaxSeats) * TcgGame::kSeatFeatures;
  x[0] = float(ply());
  x[1 + int(phase_)] = 1;
  x[9] = turn_begun_;
  x[10] = continue_turn_;
  x[11] = coa_used_;
  x[12] = ending_;
  for (uint8_t m : modes_.m)
    if (m != kNoMode) x[13 + m] = 1;
  if (phase_ == kOldSchoolWindow)
    for (uint8_t m : proposed_.m)
      if (m != kNoMode) x[13 + kModeCount + m] = 1;
  float* y = x + 13 + 2 * kModeCount;
  y[0] = attacker_dies_;
  y[1] = react_used_ & 1;
  y[2] = (react_used_ >> 1) & 1;
  y[3] = scry_count_;
  y[4] = scry_bottom_;
  if (phase_ == kBrainwashPhase) {
    y[5] = brain_started_;
    y[6] = brain_left_;
  }
  if (phase_ == kBigConning) y[7] = con_left_;
  if (building) {
    y[8] = keep_columns_;
    y[9] = float(built);
    for (int c = 0; c < kMaxColumns; ++c) y[10 + c] = (built_.bridges >> c) & 1;
  }
  y[18] = over_;
  y[19] = over_ && capped_;
}

}  // namespace tabletop::conspiracy_tcg
