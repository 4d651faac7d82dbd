// tabletop.VectorEnv (vector_env.h): the buffers as NumPy arrays over the C++ memory (no copies),
// step() without the GIL.
#include "py_common.h"
#include "vector_env.h"

namespace tabletop::python {

namespace {

// A NumPy view of `data` shaped `shape`, keeping `owner` (the VectorEnv) alive.
template <typename T>
py::array view(std::vector<T>& data, std::vector<py::ssize_t> shape, const py::object& owner) {
  return py::array_t<T>(shape, data.data(), owner);
}

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv")
      .def(py::init([](const std::shared_ptr<Game>& game, int n, uint64_t seed, bool observe) {
             return std::make_unique<VectorEnv>(game, n, seed, observe);
           }),
           py::arg("game"), py::arg("n"), py::arg("seed") = 0, py::arg("observe") = true)
      .def("__len__", &VectorEnv::size)
      .def("reset", &VectorEnv::reset, py::call_guard<py::gil_scoped_release>())
      .def(
          "step",
          [](VectorEnv& v, py::array_t<int32_t, py::array::c_style | py::array::forcecast> a) {
            std::span<const int32_t> actions(a.data(), std::size_t(a.size()));
            py::gil_scoped_release release;
            v.step(actions);
          },
          "Game i's seat to move plays actions[i]; finished games restart (see rewards, dones).")
      .def_property_readonly("games_finished", &VectorEnv::games_finished)
      .def_property_readonly("observations",
                             [](py::object self) {
                               VectorEnv& v = self.cast<VectorEnv&>();
                               std::vector<py::ssize_t> shape{v.size()};
                               if (v.tensor_size() > 0)
                                 for (int d : v.game().information_state_tensor_shape())
                                   shape.push_back(d);
                               else
                                 shape.push_back(0);
                               return view(v.observations(), shape, self);
                             })
      .def_property_readonly(
          "masks",
          [](py::object self) {
            VectorEnv& v = self.cast<VectorEnv&>();
            return view(v.masks(), {v.size(), v.game().num_distinct_actions()}, self);
          })
      .def_property_readonly("players",
                             [](py::object self) {
                               VectorEnv& v = self.cast<VectorEnv&>();
                               return view(v.players(), {v.size()}, self);
                             })
      .def_property_readonly("rewards",
                             [](py::object self) {
                               VectorEnv& v = self.cast<VectorEnv&>();
                               return view(v.rewards(), {v.size(), v.game().num_players()}, self);
                             })
      .def_property_readonly("dones", [](py::object self) {
        VectorEnv& v = self.cast<VectorEnv&>();
        return view(v.dones(), {v.size()}, self);
      });
}

}  // namespace tabletop::python
