#include "cli/render_command.h"

#include <filesystem>

#include "app/widgets/export_png.h"
#include "app/widgets/svg_views.h"
#include "io/scenario.h"
#include "io/text_files.h"

namespace loadlab::cli {

void render_command(const RenderOptions& opts, std::ostream& warn) {
  const std::string ext = std::filesystem::path(opts.out).extension().string();
  if (ext != ".svg" && ext != ".png")
    throw io::ScenarioError("-o", "'" + opts.out + "' must end in .svg or .png");
  io::RunContext ctx;
  ctx.base_dir = opts.scenario == "-" ? std::filesystem::current_path()
                                      : std::filesystem::absolute(opts.scenario).parent_path();
  const std::string text = io::read_document(opts.scenario);
  const io::Json scenario = io::load_scenario_text(text, ctx);
  const auto parsed = io::parse_scenario_text(text, ctx);
  const io::Json results = io::results_document(*parsed, io::run_parsed(*parsed, ctx));
  const app::SvgDoc doc = app::render_view_svg(scenario, results, opts.view, opts.algorithm);
  if (ext == ".svg") {
    io::write_text_file(opts.out, doc.to_svg());
    return;
  }
  bool text_drawn = true;
  app::RgbImage img;
  try {
    img = app::rasterise_svg(doc, opts.scale, app::default_png_font(), &text_drawn);
  } catch (const std::invalid_argument& e) {
    throw io::ScenarioError("--scale", e.what());
  }
  if (!text_drawn)
    warn << "loadlab: no font file found (" << app::default_png_font()
         << "): the PNG has no text; the SVG has it\n";
  io::write_text_file(opts.out, app::encode_png(img));
}

}  // namespace loadlab::cli
