// The module tabletop._tabletop: errors, JSON bridging and the games (registry, parameters,
// metadata). States, episodes, agents and the vectorised environment are bound in their own files.
#include <string>

#include "core/episode.h"
#include "core/error.h"
#include "games/games.h"
#include "py_common.h"

namespace tabletop::python {

json to_json(const py::handle& object) {
  // Never destroyed: a static py::object would be released after the interpreter is gone.
  static const py::object* dumps = new py::object(py::module_::import("json").attr("dumps"));
  return json::parse((*dumps)(object).cast<std::string>());
}

py::object from_json(const json& value) {
  static const py::object* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(value.dump());
}

py::array_t<uint8_t> mask_of(const State& state) {
  py::array_t<uint8_t> mask(py::ssize_t(state.game().num_distinct_actions()));
  state.legal_action_mask(std::span<uint8_t>(mask.mutable_data(), std::size_t(mask.size())));
  return mask;
}

namespace {

std::shared_ptr<Game> make_game(const std::string& id, const py::object& params) {
  const json given = params.is_none() ? json::object() : to_json(params);
  // Held as non-const for pybind11; only const members are bound.
  return std::const_pointer_cast<Game>(games::registry().make(id, given));
}

py::dict info_dict(const GameEntry& entry) {
  py::dict d;
  d["id"] = entry.info.id;
  d["name"] = entry.info.name;
  d["min_players"] = entry.info.min_players;
  d["max_players"] = entry.info.max_players;
  d["hidden_information"] = entry.info.hidden_information;
  d["has_chance"] = entry.info.has_chance;
  json params = json::array();
  for (const ParamSpec& spec : entry.params) params.push_back(spec.to_json());
  d["params"] = from_json(params);
  return d;
}

}  // namespace

void bind_games(py::module_& m) {
  m.def(
      "game_infos",
      [] {
        py::list out;
        for (const GameEntry& e : games::registry().entries()) out.append(info_dict(e));
        return out;
      },
      "Every game in Tabletop: id, name, player range, hidden information, chance, parameters.");
  m.def("load_game", &make_game, py::arg("id"), py::arg("params") = py::none(),
        "Makes game `id` with `params` (a dict; defaults filled in). Raises BadParams.");

  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def_property_readonly("id", [](const Game& g) { return g.info().id; })
      .def_property_readonly("name", [](const Game& g) { return g.info().name; })
      .def_property_readonly("hidden_information",
                             [](const Game& g) { return g.info().hidden_information; })
      .def_property_readonly("has_chance", [](const Game& g) { return g.info().has_chance; })
      .def_property_readonly("params", [](const Game& g) { return from_json(g.params()); })
      .def("num_players", &Game::num_players)
      .def("num_distinct_actions", &Game::num_distinct_actions)
      .def("observation_tensor_shape", &Game::observation_tensor_shape)
      .def("information_state_tensor_shape", &Game::information_state_tensor_shape)
      .def("max_game_length", &Game::max_game_length)
      .def("max_chance_outcomes", &Game::max_chance_outcomes)
      .def("loss_return", &Game::loss_return)
      .def("seat_name", &Game::seat_name)
      .def(
          "utility",
          [](const Game& g) {
            const Game::Utility u = g.utility();
            py::dict d;
            d["min"] = u.min;
            d["max"] = u.max;
            d["constant_sum"] = u.constant_sum;
            d["sum"] = u.sum;
            return d;
          },
          "Bounds of every seat's return: {min, max, constant_sum, sum}.")
      .def(
          "new_initial_state",
          [](const Game& g, uint64_t seed) {
            return std::shared_ptr<State>(g.new_initial_state(seed));
          },
          py::arg("seed") = 0, "A new game dealt from `seed` (chance sampled inside moves).")
      .def(
          "state_from_json",
          [](const Game& g, const py::object& j) {
            return std::shared_ptr<State>(g.state_from_json(to_json(j)));
          },
          "Inverse of State.to_json. Raises BadRecord.")
      .def("__copy__", [](py::object self) { return self; })
      .def("__deepcopy__", [](py::object self, py::dict) { return self; })
      .def("__repr__", [](const Game& g) {
        return "<tabletop.Game " + g.info().id + " " + g.params().dump() + ">";
      });
}

}  // namespace tabletop::python

PYBIND11_MODULE(_tabletop, m) {
  namespace py = pybind11;
  using namespace tabletop;
  m.doc() = "Tabletop's engine: games, states, episodes, agents (docs/python.md).";
  // Registered base first: pybind11 tries the most recently registered translator first, so each
  // C++ error becomes its own Python class, all under tabletop.Error (a RuntimeError).
  auto& error = py::register_exception<Error>(m, "Error", PyExc_RuntimeError);
  py::register_exception<BadParams>(m, "BadParams", error.ptr());
  py::register_exception<BadMove>(m, "BadMove", error.ptr());
  py::register_exception<BadRecord>(m, "BadRecord", error.ptr());
  py::register_exception<InvariantError>(m, "InvariantError", error.ptr());
  m.attr("TERMINAL") = kTerminal;
  m.attr("SPECTATOR") = kSpectator;
  m.attr("CHANCE") = kChancePlayer;
  python::bind_games(m);
  python::bind_states(m);
  python::bind_episodes(m);
  python::bind_agents(m);
  python::bind_vector_env(m);
}
