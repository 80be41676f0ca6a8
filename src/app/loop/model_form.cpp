#include "app/loop/model_form.h"

#include <algorithm>
#include <cstdint>

namespace loadlab::app {

namespace {
constexpr double kMaxMandelbrotWork = 1e9;  // docs/scenario-loop.md, io/kinds/loop.cpp
}

std::vector<std::string> loop_make_consistent(io::Json& doc) {
  std::vector<std::string> notes;
  if (!doc.is_object()) return notes;
  const io::Json& pj = doc.contains("processors") ? doc["processors"] : io::Json();
  const std::int64_t p = pj.is_number_integer() ? pj.get<std::int64_t>() : -1;
  if (p >= 1 && p <= 1024) {
    for (const char* key : {"start_delays", "speeds", "weights"}) {
      if (!doc.contains(key) || !doc[key].is_array() || doc[key].empty()) continue;
      const io::Json old = doc[key];
      if (static_cast<std::int64_t>(old.size()) == p) continue;
      io::Json fresh = io::Json::array();
      for (std::int64_t i = 0; i < p; ++i)
        fresh.push_back(old[static_cast<std::size_t>(i) % old.size()]);
      doc[key] = fresh;
      notes.push_back(std::string(key) + " resized from " + std::to_string(old.size()) + " to " +
                      std::to_string(p) + " entries (one per processor)");
    }
  }
  if (doc.contains("cost") && doc["cost"].is_object()) {
    io::Json& c = doc["cost"];
    const std::string prof = c.value("profile", std::string());
    if ((prof == "uniform" || prof == "bimodal") && c.contains("low") && c.contains("high") &&
        c["low"].is_number() && c["high"].is_number() &&
        c["high"].get<double>() < c["low"].get<double>()) {
      c["high"] = c["low"];
      notes.push_back("cost high raised to low");
    }
    const io::Json& nj = doc.contains("iterations") ? doc["iterations"] : io::Json();
    if (prof == "mandelbrot" && nj.is_number_integer() && nj.get<std::int64_t>() > 0) {
      const double n = static_cast<double>(nj.get<std::int64_t>());
      const std::int64_t width = c.value("width", std::int64_t{256});
      const std::int64_t max_iter = c.value("max_iter", std::int64_t{256});
      if (width > 0 &&
          n * static_cast<double>(width) * static_cast<double>(max_iter) > kMaxMandelbrotWork) {
        const auto fit =
            static_cast<std::int64_t>(kMaxMandelbrotWork / (n * static_cast<double>(width)));
        if (fit >= 1) {
          c["max_iter"] = fit;
          notes.push_back("max_iter lowered to " + std::to_string(fit) +
                          " (iterations x width x max_iter must stay <= 1e9)");
        }
      }
    }
  }
  return notes;
}

}  // namespace loadlab::app
