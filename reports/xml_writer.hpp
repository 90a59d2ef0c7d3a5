#pragma once
// A tiny streaming XML/HTML writer with RAII elements (Catch2 `catch_xmlwriter.hpp` shape).
// Every piece of text and every attribute value goes through sanitize_text and the escapes
// below: provider strings are hostile input and must never become markup.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tfc::report {

/// Returns `in` as valid UTF-8 holding only characters that XML 1.0 allows and a terminal shows
/// harmlessly: each byte of an invalid UTF-8 sequence becomes U+FFFD; C0 controls other than
/// tab, line feed and carriage return, DEL, C1 controls, U+FFFE and U+FFFF become the visible
/// text `\u001b` (lowercase hex). Everything else is unchanged.
std::string sanitize_text(std::string_view in);

/// sanitize_text, then `&`, `<`, `>` as entities and CR as `&#13;` (kept through parsing).
std::string xml_escape_text(std::string_view in);

/// xml_escape_text, plus `"`, `'`, tab and LF as entities (safe in a quoted attribute value,
/// and attribute-value normalisation keeps them).
std::string xml_escape_attribute(std::string_view in);

class XmlWriter {
public:
  /// xml: empty elements self-close (`<a/>`). html: empty elements get an end tag
  /// (`<div></div>`), and void elements (`meta`, `br`, `input`, ...) get none.
  enum class Dialect { xml, html };
  /// indent: the element starts on a new, indented line. inline_: it continues the current
  /// line (needed inside `<pre>` and for text-level elements, where whitespace shows).
  enum class Layout { indent, inline_ };

  /// An element that is closed when it goes out of scope. Movable, not copyable.
  class ScopedElement {
  public:
    explicit ScopedElement(XmlWriter* writer) : m_writer(writer) {}
    ScopedElement(ScopedElement&& other) noexcept : m_writer(other.m_writer) { other.m_writer = nullptr; }
    ScopedElement& operator=(ScopedElement&&) = delete;
    ScopedElement(const ScopedElement&) = delete;
    ~ScopedElement();

    /// Adds an escaped attribute to the element (only before any content).
    ScopedElement& attribute(std::string_view name, std::string_view value);
    /// Adds escaped text content.
    ScopedElement& text(std::string_view text);

  private:
    XmlWriter* m_writer;
  };

  explicit XmlWriter(std::ostream& out, Dialect dialect = Dialect::xml);
  XmlWriter(const XmlWriter&) = delete;
  XmlWriter& operator=(const XmlWriter&) = delete;
  /// Closes every element still open.
  ~XmlWriter();

  /// Writes `<?xml version="1.0" encoding="UTF-8"?>` (xml) or `<!DOCTYPE html>` (html).
  XmlWriter& write_declaration();
  /// Opens an element; close it with end_element, or use scoped_element.
  XmlWriter& start_element(std::string_view name, Layout layout = Layout::indent);
  ScopedElement scoped_element(std::string_view name, Layout layout = Layout::indent);
  /// Adds an escaped attribute to the element whose start tag is still open.
  XmlWriter& write_attribute(std::string_view name, std::string_view value);
  /// Writes escaped text into the current element.
  XmlWriter& write_text(std::string_view text);
  /// Writes a comment (sanitised; `--` is broken up so the comment cannot end early).
  XmlWriter& write_comment(std::string_view text);
  /// Writes `trusted` unchanged: only for the tool's own constant CSS and script.
  XmlWriter& write_trusted(std::string_view trusted);
  /// Closes the innermost open element.
  XmlWriter& end_element();
  /// Closes all elements and ends with a newline.
  void finish();

private:
  struct Open {
    std::string name;
    bool has_child_elements = false;
  };
  void close_start_tag();
  void new_line();

  std::ostream& m_out;
  Dialect m_dialect;
  std::vector<Open> m_open;
  bool m_start_tag_open = false;
  bool m_at_line_start = true;
};

}  // namespace tfc::report
