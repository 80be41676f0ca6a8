// A number of a scenario's JSON as a slider, shared by the kinds' forms.
#pragma once

#include "io/json_reader.h"

namespace loadlab::app {

/// A slider for obj[key] between lo and hi (logarithmic unless `log` is false). A missing key, or
/// obj not being an object, shows dflt. Writes the clamped value back; true when the user changed
/// it.
bool num_field(const char* label, io::Json& obj, const char* key, double dflt, double lo, double hi,
               bool log = true);

}  // namespace loadlab::app
