// What the binding files of the Python module (_tabletop) share: JSON to and from Python objects,
// NumPy arrays over C++ buffers, and the registration functions each file defines.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <vector>

#include "core/game.h"

namespace tabletop::python {

namespace py = pybind11;

// A Python object (dict, list, str, number, bool, None) as JSON, through Python's json module, and
// back. Raises ValueError/TypeError as json.dumps does for what JSON cannot hold.
json to_json(const py::handle& object);
py::object from_json(const json& value);

// A new float32 array of `shape`, written in place by `fill(std::span<float>)`: one allocation, no
// copy.
template <typename Fill>
py::array_t<float> new_tensor(const std::vector<int>& shape, Fill&& fill) {
  std::vector<py::ssize_t> dims(shape.begin(), shape.end());
  py::array_t<float> out(dims);
  fill(std::span<float>(out.mutable_data(), std::size_t(out.size())));
  return out;
}

// The legal-action mask of `state` as a new uint8 array of num_distinct_actions() entries.
py::array_t<uint8_t> mask_of(const State& state);

void bind_games(py::module_& m);
void bind_states(py::module_& m);
void bind_episodes(py::module_& m);
void bind_agents(py::module_& m);
void bind_vector_env(py::module_& m);

}  // namespace tabletop::python
