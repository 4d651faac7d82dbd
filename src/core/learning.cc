// State's defaults for learning algorithms (game.h, "For learning"): action indices from moves,
// the legal-action mask, the tensors' size checks and the information-state string.
#include <algorithm>
#include <array>

#include "core/game.h"

namespace tabletop {

Move State::action_move(int action) const {
  MoveList moves;
  legal_moves(moves);
  for (Move m : moves)
    if (action_index(m) == action) return m;
  throw BadMove("action " + std::to_string(action) + " is not a legal move here");
}

int State::legal_action_indices(std::span<int> out) const {
  MoveList moves;
  legal_moves(moves);
  if (out.size() < moves.size())
    throw Error("the buffer for legal actions has " + std::to_string(out.size()) +
                " entries, and there are " + std::to_string(moves.size()) + " legal moves");
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = action_index(moves[i]);
  return int(moves.size());
}

std::vector<int> State::legal_actions() const {
  std::array<int, MoveList::kCapacity> actions;  // no list of legal moves is longer
  const int count = legal_action_indices(actions);
  return std::vector<int>(actions.begin(), actions.begin() + count);
}

void State::legal_action_mask(std::span<uint8_t> mask) const {
  const int n = game().num_distinct_actions();
  if (n <= 0) throw Error(game().info().id + " has no action space");
  if (mask.size() != std::size_t(n))
    throw Error("the legal-action mask has " + std::to_string(mask.size()) + " entries, not " +
                std::to_string(n));
  std::fill(mask.begin(), mask.end(), uint8_t(0));
  std::array<int, MoveList::kCapacity> actions;
  const int count = legal_action_indices(actions);
  for (int i = 0; i < count; ++i) mask[std::size_t(actions[std::size_t(i)])] = 1;
}

namespace {

// Throws unless `out` has the size of a non-empty `shape`, naming the game and the tensor.
void check_tensor_size(const Game& game, const char* tensor, const std::vector<int>& shape,
                       std::span<float> out) {
  if (shape.empty()) throw Error(game.info().id + " supplies no " + tensor + " tensor");
  std::size_t size = 1;
  for (int d : shape) size *= std::size_t(d);
  if (out.size() != size)
    throw Error(game.info().id + "'s " + tensor + " tensor has " + std::to_string(size) +
                " entries, not " + std::to_string(out.size()));
}

}  // namespace

void State::observation_tensor(Seat viewer, std::span<float> out) const {
  check_tensor_size(game(), "observation", game().observation_tensor_shape(), out);
  std::fill(out.begin(), out.end(), 0.0f);
  write_observation_tensor(viewer, out);
}

void State::information_state_tensor(Seat viewer, std::span<float> out) const {
  check_tensor_size(game(), "information-state", game().information_state_tensor_shape(), out);
  std::fill(out.begin(), out.end(), 0.0f);
  write_information_state_tensor(viewer, out);
}

void State::write_observation_tensor(Seat, std::span<float>) const {
  throw Error(game().info().id + " declares an observation tensor shape but writes no tensor");
}

std::string State::information_state_string(Seat viewer) const {
  std::string out = observation(viewer).dump();
  for (const std::string& line : log().for_viewer(viewer)) {
    out += '\n';
    out += line;
  }
  return out;
}

}  // namespace tabletop
