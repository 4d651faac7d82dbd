// tabletop.Agent: the agents of src/ai by spec string ("random", "greedy", "mcts:iterations=200",
// "ismcts:iterations=200"), choosing moves with the GIL released.
#include "ai/agent.h"
#include "py_common.h"

namespace tabletop::python {

namespace {

// An agent with the game it was made for (make_agent keeps a reference to the game).
struct BoundAgent {
  std::shared_ptr<const Game> game;
  std::unique_ptr<ai::Agent> agent;
};

}  // namespace

void bind_agents(py::module_& m) {
  m.def("agent_names", &ai::agent_names, "The agents' names, with one line of help each.");
  py::class_<BoundAgent>(m, "Agent")
      .def(py::init([](const std::string& spec, const std::shared_ptr<Game>& game, uint64_t seed) {
             return BoundAgent{game, ai::make_agent(spec, *game, seed)};
           }),
           py::arg("spec"), py::arg("game"), py::arg("seed") = 0,
           "The agent `spec` names, for `game`. Raises BadParams for an unknown name or option.")
      .def_property_readonly("spec", [](const BoundAgent& a) { return a.agent->spec(); })
      .def(
          "choose", [](BoundAgent& a, const State& s) { return a.agent->choose(s).bits; },
          py::call_guard<py::gil_scoped_release>(),
          "A legal move for the seat to move of `state` (not terminal), searching without the GIL.")
      .def(
          "choose_action",
          [](BoundAgent& a, const State& s) { return s.action_index(a.agent->choose(s)); },
          py::call_guard<py::gil_scoped_release>(), "The same as an action index.")
      .def(
          "observe",
          [](BoundAgent& a, const State& before, uint64_t move) {
            a.agent->observe(before, {move});
          },
          "Tells the agent of a move played from `before` (any seat's), so a search keeps its "
          "tree.")
      .def("last_decision_note", [](const BoundAgent& a) { return a.agent->last_decision_note(); });
}

}  // namespace tabletop::python
