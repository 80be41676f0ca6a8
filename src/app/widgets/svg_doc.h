// A picture as a list of primitives (rectangles, lines, circles, text) in draw order: written out
// as SVG, or rasterised into pixels (export_png.h). The headless views (svg_views.h) fill one, so
// the CLI's SVG and PNG of a view are drawn by the same code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loadlab::app {

/// 0xRRGGBB.
using SvgColour = std::uint32_t;
constexpr SvgColour kSvgNone = 0xFF000000u;  ///< no fill / no stroke

struct SvgItem {
  enum class Type { rect, line, circle, text } type = Type::rect;
  double x = 0, y = 0, w = 0,
         h = 0;  ///< rect: corner + size; line: (x, y) -> (w, h); circle: r = w
  SvgColour fill = kSvgNone, stroke = kSvgNone;
  double stroke_width = 1;
  std::string text;  ///< text: the string; rect: its <title> (a tooltip in browsers)
  double size = 12;  ///< text: font size in px
  int anchor = 0;    ///< text: 0 start, 1 middle, 2 end
};

class SvgDoc {
 public:
  SvgDoc(double width, double height) : width_(width), height_(height) {}

  void rect(double x, double y, double w, double h, SvgColour fill, SvgColour stroke = kSvgNone,
            std::string title = {});
  void line(double x1, double y1, double x2, double y2, SvgColour stroke, double width = 1);
  void circle(double cx, double cy, double r, SvgColour fill, SvgColour stroke = kSvgNone);
  void text(double x, double y, std::string s, SvgColour colour, double size = 12, int anchor = 0);

  double width() const { return width_; }
  double height() const { return height_; }
  const std::vector<SvgItem>& items() const { return items_; }

  /// A standalone SVG 1.1 document; text is XML-escaped.
  std::string to_svg() const;

 private:
  double width_, height_;
  std::vector<SvgItem> items_;
};

/// `s` with & < > " ' as XML entities.
std::string xml_escape(const std::string& s);

}  // namespace loadlab::app
