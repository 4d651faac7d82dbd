// tabletop.Episode (core/episode.h): a game played by action index with chance as a player
// (explicit outcomes and probabilities, or sampled inside moves) and undo.
#include "core/episode.h"
#include "py_common.h"

namespace tabletop::python {

namespace {

// The state reached, raising when there is none yet (the deal's chance nodes).
const State& state_of(const Episode& e) {
  if (!e.has_state()) throw Error("no state yet: chance is still dealing");
  return e.state();
}

}  // namespace

void bind_episodes(py::module_& m) {
  py::class_<Episode>(m, "Episode")
      .def(py::init([](const std::shared_ptr<Game>& game, uint64_t seed, bool explicit_chance,
                       bool undoable) {
             return Episode(
                 game, seed,
                 explicit_chance ? Episode::ChanceMode::kExplicit : Episode::ChanceMode::kSampled,
                 undoable);
           }),
           py::arg("game"), py::arg("seed") = 0, py::arg("explicit_chance") = false,
           py::arg("undoable") = true,
           "A new game of `game` from `seed`. explicit_chance: every draw is a chance node "
           "(chance_outcomes, apply_action(outcome)); otherwise chance is sampled inside moves.")
      .def_static(
          "from_state",
          [](const State& start, bool explicit_chance, bool undoable) {
            return Episode(
                start.clone(),
                explicit_chance ? Episode::ChanceMode::kExplicit : Episode::ChanceMode::kSampled,
                undoable);
          },
          py::arg("state"), py::arg("explicit_chance") = false, py::arg("undoable") = true,
          "An episode from a copy of `state` (no deal): e.g. a State.determinize sample.")
      .def_property_readonly("game",
                             [](const Episode& e) {
                               return std::const_pointer_cast<Game>(e.game().shared_from_this());
                             })
      .def_property_readonly(
          "explicit_chance",
          [](const Episode& e) { return e.chance_mode() == Episode::ChanceMode::kExplicit; })
      .def("current_player", &Episode::current_player)
      .def("is_chance_node", &Episode::is_chance_node)
      .def("is_terminal", &Episode::is_terminal)
      .def("has_state", &Episode::has_state)
      .def("chance_outcomes", &Episode::chance_outcomes,
           "At a chance node: [(outcome, probability)], adding up to 1; elsewhere [].")
      .def("apply_action", &Episode::apply_action, py::call_guard<py::gil_scoped_release>(),
           "Plays the seat to move's action index, or the outcome at a chance node. Raises "
           "BadMove when it is not legal here.")
      .def(
          "apply_move", [](Episode& e, uint64_t move) { e.apply_move({move}); },
          py::call_guard<py::gil_scoped_release>())
      .def("undo", &Episode::undo, "Takes back the last step, a move or a chance outcome.")
      .def("history", &Episode::history, "Every step: (seat, action), chance as (CHANCE, outcome).")
      .def(
          "state", [](const Episode& e) { return std::shared_ptr<State>(state_of(e).clone()); },
          "A copy of the state reached (before the move waiting for chance, at a chance node).")
      .def("legal_actions",
           [](const Episode& e) {
             std::vector<int> a;
             if (e.is_chance_node())
               for (const auto& [outcome, p] : e.chance_outcomes()) a.push_back(outcome);
             else if (!e.is_terminal())
               a = state_of(e).legal_actions();
             return py::array_t<int32_t>(py::ssize_t(a.size()), a.data());
           })
      .def("legal_action_mask", [](const Episode& e) { return mask_of(state_of(e)); })
      .def("returns",
           [](const Episode& e) {
             const int n = e.game().num_players();
             py::array_t<double> out(n);
             const Returns r = e.has_state() ? e.state().returns() : Returns{};
             std::copy_n(r.begin(), n, out.mutable_data());
             return out;
           })
      .def("observation_tensor",
           [](const Episode& e, int viewer) {
             const State& s = state_of(e);
             return new_tensor(e.game().observation_tensor_shape(),
                               [&](std::span<float> t) { s.observation_tensor(viewer, t); });
           })
      .def("information_state_tensor",
           [](const Episode& e, int viewer) {
             const State& s = state_of(e);
             return new_tensor(e.game().information_state_tensor_shape(),
                               [&](std::span<float> t) { s.information_state_tensor(viewer, t); });
           })
      .def(
          "information_state_string",
          [](const Episode& e, int viewer) { return state_of(e).information_state_string(viewer); })
      .def("observation",
           [](const Episode& e, int viewer) { return from_json(state_of(e).observation(viewer)); })
      .def("action_to_string",
           [](const Episode& e, int action) -> std::string {
             if (e.is_chance_node()) return "chance outcome " + std::to_string(action);
             const State& s = state_of(e);
             return s.move_to_string(s.action_move(action));
           })
      .def("clone", [](const Episode& e) { return Episode(e); })
      .def("__copy__", [](const Episode& e) { return Episode(e); })
      .def("__deepcopy__", [](const Episode& e, py::dict) { return Episode(e); });
}

}  // namespace tabletop::python
