// Scenarios from Python graph objects, and column tables from result records.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace loadlab::python {

/// A dag scenario dict from any object with nodes(data=True) and edges(data=True) (networkx's
/// DiGraph and friends): task cost = node attribute `cost` (default_cost when absent), edge cost
/// = edge attribute `edge_cost` (None: `cost`; absent = 0). Node names become task ids (str()).
pybind11::dict from_networkx(const pybind11::handle& graph, const std::string& cost,
                             const pybind11::object& edge_cost, int processors,
                             const std::vector<std::string>& algorithms, double default_cost,
                             const pybind11::object& name, std::int64_t seed);

/// [{k: v, ...}, ...] -> {k: [v, ...]} with the keys of the first record; every record must have
/// them.
pybind11::dict columns(const pybind11::handle& records);

}  // namespace loadlab::python
