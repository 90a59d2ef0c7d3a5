#include "reports/xml_writer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>

namespace tfc::report {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at `in[i]` and its code point, or 0 when the bytes there
// are not one (overlong forms, surrogates and values above U+10FFFF are invalid).
std::size_t decode_utf8(std::string_view in, std::size_t i, std::uint32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(in[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  std::size_t len = 0;
  std::uint32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > in.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool needs_visible_escape(std::uint32_t cp) {
  if (cp == '\t' || cp == '\n' || cp == '\r') return false;
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF;
}

constexpr std::array<std::string_view, 14> kVoidElements = {"area",  "base", "br",   "col",    "embed", "hr",  "img",
                                                            "input", "link", "meta", "source", "track", "wbr", "param"};

}  // namespace

std::string sanitize_text(std::string_view in) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    std::uint32_t cp = 0;
    const std::size_t len = decode_utf8(in, i, cp);
    if (len == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (needs_visible_escape(cp)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out += buf;
    } else {
      out.append(in.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::string xml_escape_text(std::string_view in) {
  const std::string clean = sanitize_text(in);
  std::string out;
  out.reserve(clean.size());
  for (char c : clean) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '\r': out += "&#13;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string xml_escape_attribute(std::string_view in) {
  const std::string text = xml_escape_text(in);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      case '\n': out += "&#10;"; break;
      case '\t': out += "&#9;"; break;
      default: out += c;
    }
  }
  return out;
}

XmlWriter::ScopedElement::~ScopedElement() {
  if (m_writer != nullptr) m_writer->end_element();
}

XmlWriter::ScopedElement& XmlWriter::ScopedElement::attribute(std::string_view name, std::string_view value) {
  m_writer->write_attribute(name, value);
  return *this;
}

XmlWriter::ScopedElement& XmlWriter::ScopedElement::text(std::string_view text) {
  m_writer->write_text(text);
  return *this;
}

XmlWriter::XmlWriter(std::ostream& out, Dialect dialect) : m_out(out), m_dialect(dialect) {}

XmlWriter::~XmlWriter() {
  while (!m_open.empty()) end_element();
}

XmlWriter& XmlWriter::write_declaration() {
  m_out << (m_dialect == Dialect::xml ? R"(<?xml version="1.0" encoding="UTF-8"?>)" : "<!DOCTYPE html>");
  m_at_line_start = false;
  return *this;
}

XmlWriter& XmlWriter::start_element(std::string_view name, Layout layout) {
  close_start_tag();
  if (layout == Layout::indent) {
    if (!m_open.empty()) m_open.back().has_child_elements = true;
    new_line();
  }
  m_out << '<' << name;
  m_open.push_back({std::string(name)});
  m_start_tag_open = true;
  m_at_line_start = false;
  return *this;
}

XmlWriter::ScopedElement XmlWriter::scoped_element(std::string_view name, Layout layout) {
  start_element(name, layout);
  return ScopedElement(this);
}

XmlWriter& XmlWriter::write_attribute(std::string_view name, std::string_view value) {
  if (m_start_tag_open) m_out << ' ' << name << "=\"" << xml_escape_attribute(value) << '"';
  return *this;
}

XmlWriter& XmlWriter::write_text(std::string_view text) {
  close_start_tag();
  if (text.empty()) return *this;
  m_out << xml_escape_text(text);
  m_at_line_start = text.back() == '\n';
  return *this;
}

XmlWriter& XmlWriter::write_comment(std::string_view text) {
  close_start_tag();
  if (!m_open.empty()) m_open.back().has_child_elements = true;
  new_line();
  std::string body = sanitize_text(text);
  for (std::size_t pos = body.find("--"); pos != std::string::npos; pos = body.find("--", pos)) {
    body.replace(pos, 2, "- -");
  }
  m_out << "<!-- " << body << " -->";
  m_at_line_start = false;
  return *this;
}

XmlWriter& XmlWriter::write_trusted(std::string_view trusted) {
  close_start_tag();
  m_out << trusted;
  if (!trusted.empty()) m_at_line_start = trusted.back() == '\n';
  return *this;
}

XmlWriter& XmlWriter::end_element() {
  if (m_open.empty()) return *this;
  const Open top = std::move(m_open.back());
  m_open.pop_back();
  if (m_start_tag_open) {
    m_start_tag_open = false;
    if (m_dialect == Dialect::xml) {
      m_out << "/>";
    } else if (std::find(kVoidElements.begin(), kVoidElements.end(), top.name) != kVoidElements.end()) {
      m_out << '>';
    } else {
      m_out << "></" << top.name << '>';
    }
    m_at_line_start = false;
    return *this;
  }
  if (top.has_child_elements) new_line();
  m_out << "</" << top.name << '>';
  m_at_line_start = false;
  return *this;
}

void XmlWriter::finish() {
  while (!m_open.empty()) end_element();
  m_out << '\n';
  m_at_line_start = true;
}

void XmlWriter::close_start_tag() {
  if (m_start_tag_open) {
    m_out << '>';
    m_start_tag_open = false;
  }
}

void XmlWriter::new_line() {
  if (!m_at_line_start) m_out << '\n';
  m_out << std::string(2 * m_open.size(), ' ');
  m_at_line_start = false;
}

}  // namespace tfc::report
