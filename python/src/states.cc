// tabletop.State: one game's state, its moves (64-bit integers, the game's packing) and actions
// (indices in [0, num_distinct_actions)), masks and tensors as NumPy arrays.
#include "core/rng.h"
#include "py_common.h"

namespace tabletop::python {

namespace {

std::shared_ptr<Game> game_of(const State& s) {
  return std::const_pointer_cast<Game>(s.game_ptr());
}

py::array_t<double> returns_of(const State& s) {
  const Returns r = s.returns();
  py::array_t<double> out(s.num_players());
  std::copy_n(r.begin(), s.num_players(), out.mutable_data());
  return out;
}

// Writes into `out` when given (no allocation: a float32 C-contiguous array of the shape's size),
// else into a new array.
template <typename Write>
py::array_t<float> tensor(const std::vector<int>& shape, const py::object& out, Write&& write) {
  if (out.is_none()) return new_tensor(shape, write);
  auto array = out.cast<py::array_t<float, py::array::c_style>>();
  std::size_t size = 1;
  for (int d : shape) size *= std::size_t(d);
  if (!array.writeable() || std::size_t(array.size()) != size || array.ptr() != out.ptr())
    throw py::value_error("out must be a writeable C-contiguous float32 array of " +
                          std::to_string(size) + " entries");
  write(std::span<float>(array.mutable_data(), size));
  return array;
}

}  // namespace

void bind_states(py::module_& m) {
  py::class_<State, std::shared_ptr<State>>(m, "State")
      .def_property_readonly("game", &game_of)
      .def("num_players", &State::num_players)
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("ply", &State::ply)
      .def("legal_moves",
           [](const State& s) {
             MoveList moves;
             s.legal_moves(moves);
             py::array_t<uint64_t> out(py::ssize_t(moves.size()));
             for (std::size_t i = 0; i < moves.size(); ++i) out.mutable_at(i) = moves[i].bits;
             return out;
           })
      .def("legal_actions",
           [](const State& s) {
             const std::vector<int> a = s.legal_actions();
             return py::array_t<int32_t>(py::ssize_t(a.size()), a.data());
           })
      .def("legal_action_mask", &mask_of)
      .def("action_index", [](const State& s, uint64_t move) { return s.action_index({move}); })
      .def("action_move", [](const State& s, int action) { return s.action_move(action).bits; })
      .def("move_to_string", [](const State& s, uint64_t move) { return s.move_to_string({move}); })
      .def("parse_move",
           [](const State& s, const std::string& text) { return s.parse_move(text).bits; })
      .def("why_illegal", [](const State& s, uint64_t move) { return s.why_illegal({move}); })
      .def(
          "apply_move", [](State& s, uint64_t move) { s.apply_checked({move}); },
          "Plays `move` for the seat to move; raises BadMove (saying why) when it is illegal.")
      .def(
          "apply_action", [](State& s, int action) { s.apply_checked(s.action_move(action)); },
          "Plays the legal move of action index `action`; raises BadMove when there is none.")
      .def("apply_text", &State::apply_text)
      .def("returns", &returns_of)
      .def("clone", [](const State& s) { return std::shared_ptr<State>(s.clone()); })
      .def("__copy__", [](const State& s) { return std::shared_ptr<State>(s.clone()); })
      .def("__deepcopy__",
           [](const State& s, py::dict) { return std::shared_ptr<State>(s.clone()); })
      .def(
          "determinize",
          [](const State& s, int viewer, uint64_t seed) {
            Rng rng(seed);
            return std::shared_ptr<State>(s.determinize(viewer, rng));
          },
          py::arg("viewer"), py::arg("seed"))
      .def("observation",
           [](const State& s, int viewer) { return from_json(s.observation(viewer)); })
      .def(
          "observation_tensor",
          [](const State& s, int viewer, const py::object& out) {
            return tensor(s.game().observation_tensor_shape(), out,
                          [&](std::span<float> t) { s.observation_tensor(viewer, t); });
          },
          py::arg("viewer"), py::arg("out") = py::none(),
          "What `viewer` sees, as float32 of the game's observation_tensor_shape(); written into "
          "`out` when given (no allocation).")
      .def(
          "information_state_tensor",
          [](const State& s, int viewer, const py::object& out) {
            return tensor(s.game().information_state_tensor_shape(), out,
                          [&](std::span<float> t) { s.information_state_tensor(viewer, t); });
          },
          py::arg("viewer"), py::arg("out") = py::none())
      .def("information_state_string", &State::information_state_string)
      .def("render", &State::render, py::arg("viewer") = kSpectator)
      .def("to_json", [](const State& s) { return from_json(s.to_json()); })
      .def("set_recording", &State::set_recording)
      .def("__str__", [](const State& s) { return s.render(kSpectator); });
}

}  // namespace tabletop::python
