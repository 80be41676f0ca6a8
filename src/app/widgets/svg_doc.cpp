#include "app/widgets/svg_doc.h"

#include <cstdio>

namespace loadlab::app {

namespace {

std::string svg_colour(SvgColour c) {
  if (c == kSvgNone) return "none";
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%06x", static_cast<unsigned>(c & 0xFFFFFFu));
  return buf;
}

// Shortest text that round-trips what a viewer can show (two decimals of a pixel).
std::string svg_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.size() > 1 && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

void SvgDoc::rect(double x, double y, double w, double h, SvgColour fill, SvgColour stroke,
                  std::string title) {
  SvgItem it;
  it.type = SvgItem::Type::rect;
  it.x = x, it.y = y, it.w = w, it.h = h, it.fill = fill, it.stroke = stroke;
  it.text = std::move(title);
  items_.push_back(std::move(it));
}

void SvgDoc::line(double x1, double y1, double x2, double y2, SvgColour stroke, double width) {
  SvgItem it;
  it.type = SvgItem::Type::line;
  it.x = x1, it.y = y1, it.w = x2, it.h = y2, it.stroke = stroke, it.stroke_width = width;
  items_.push_back(std::move(it));
}

void SvgDoc::circle(double cx, double cy, double r, SvgColour fill, SvgColour stroke) {
  SvgItem it;
  it.type = SvgItem::Type::circle;
  it.x = cx, it.y = cy, it.w = r, it.fill = fill, it.stroke = stroke;
  items_.push_back(std::move(it));
}

void SvgDoc::text(double x, double y, std::string s, SvgColour colour, double size, int anchor) {
  SvgItem it;
  it.type = SvgItem::Type::text;
  it.x = x, it.y = y, it.fill = colour, it.size = size, it.anchor = anchor;
  it.text = std::move(s);
  items_.push_back(std::move(it));
}

std::string SvgDoc::to_svg() const {
  std::string o = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  o += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + svg_num(width_) +
       "\" height=\"" + svg_num(height_) + "\" viewBox=\"0 0 " + svg_num(width_) + " " +
       svg_num(height_) + "\" font-family=\"sans-serif\">\n";
  static const char* const kAnchor[] = {"start", "middle", "end"};
  for (const auto& it : items_) {
    switch (it.type) {
      case SvgItem::Type::rect:
        o += "<rect x=\"" + svg_num(it.x) + "\" y=\"" + svg_num(it.y) + "\" width=\"" +
             svg_num(it.w) + "\" height=\"" + svg_num(it.h) + "\" fill=\"" + svg_colour(it.fill) +
             "\"";
        if (it.stroke != kSvgNone) o += " stroke=\"" + svg_colour(it.stroke) + "\"";
        if (it.text.empty()) {
          o += "/>\n";
        } else {
          o += "><title>" + xml_escape(it.text) + "</title></rect>\n";
        }
        break;
      case SvgItem::Type::line:
        o += "<line x1=\"" + svg_num(it.x) + "\" y1=\"" + svg_num(it.y) + "\" x2=\"" +
             svg_num(it.w) + "\" y2=\"" + svg_num(it.h) + "\" stroke=\"" + svg_colour(it.stroke) +
             "\" stroke-width=\"" + svg_num(it.stroke_width) + "\"/>\n";
        break;
      case SvgItem::Type::circle:
        o += "<circle cx=\"" + svg_num(it.x) + "\" cy=\"" + svg_num(it.y) + "\" r=\"" +
             svg_num(it.w) + "\" fill=\"" + svg_colour(it.fill) + "\"";
        if (it.stroke != kSvgNone) o += " stroke=\"" + svg_colour(it.stroke) + "\"";
        o += "/>\n";
        break;
      case SvgItem::Type::text:
        o += "<text x=\"" + svg_num(it.x) + "\" y=\"" + svg_num(it.y) + "\" font-size=\"" +
             svg_num(it.size) + "\" fill=\"" + svg_colour(it.fill) + "\" text-anchor=\"" +
             kAnchor[it.anchor < 0 || it.anchor > 2 ? 0 : it.anchor] + "\">" + xml_escape(it.text) +
             "</text>\n";
        break;
    }
  }
  return o + "</svg>\n";
}

}  // namespace loadlab::app
