#include "reports/xml_writer.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <sstream>

namespace tfc::report {
namespace {

// True when `s` is valid UTF-8 holding only characters XML 1.0 allows.
bool is_clean_xml_text(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::uint32_t cp = 0;
    std::size_t len = 1;
    if (b < 0x80) {
      cp = b;
    } else if ((b & 0xE0) == 0xC0) {
      cp = b & 0x1F, len = 2;
    } else if ((b & 0xF0) == 0xE0) {
      cp = b & 0x0F, len = 3;
    } else if ((b & 0xF8) == 0xF0) {
      cp = b & 0x07, len = 4;
    } else {
      return false;
    }
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    const bool allowed = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
                         (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
    if (!allowed) return false;
    i += len;
  }
  return true;
}

TEST(SanitizeText, KeepsValidTextUnchanged) {
  EXPECT_EQ(sanitize_text("plain .rule[0].port"), "plain .rule[0].port");
  EXPECT_EQ(sanitize_text("tab\tline\ncr\r"), "tab\tline\ncr\r");
  EXPECT_EQ(sanitize_text("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"), "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
}

TEST(SanitizeText, ShowsControlCharactersVisibly) {
  EXPECT_EQ(sanitize_text("\x1b[31mred"), "\\u001b[31mred");
  EXPECT_EQ(sanitize_text(std::string("a\0b", 3)), "a\\u0000b");
  EXPECT_EQ(sanitize_text("bell\x07 del\x7f"), "bell\\u0007 del\\u007f");
  EXPECT_EQ(sanitize_text("c1 \xC2\x9B"), "c1 \\u009b");  // CSI as a C1 control
  EXPECT_EQ(sanitize_text("nonchar \xEF\xBF\xBF"), "nonchar \\uffff");
}

TEST(SanitizeText, ReplacesEachInvalidByteWithReplacementCharacter) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(sanitize_text("\xff\xfe"), fffd + fffd);
  EXPECT_EQ(sanitize_text("\xC0\xAF"), fffd + fffd);                        // overlong '/'
  EXPECT_EQ(sanitize_text("\xED\xA0\x80"), fffd + fffd + fffd);             // UTF-16 surrogate
  EXPECT_EQ(sanitize_text("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd);  // above U+10FFFF
  EXPECT_EQ(sanitize_text("cut \xE2\x82"), "cut " + fffd + fffd);           // truncated sequence
}

TEST(XmlEscape, EscapesMarkupInTextAndAttributes) {
  EXPECT_EQ(xml_escape_text("<script>alert(\"x\")</script> & more"),
            "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; more");
  EXPECT_EQ(xml_escape_attribute("a\"b'c<d>&\n\t\r"), "a&quot;b&#39;c&lt;d&gt;&amp;&#10;&#9;&#13;");
}

TEST(XmlWriter, NestsIndentsAndSelfClosesEmptyElements) {
  std::ostringstream out;
  {
    XmlWriter xml(out);
    xml.write_declaration();
    auto root = xml.scoped_element("root");
    root.attribute("name", "x\"y");
    xml.scoped_element("empty");
    xml.scoped_element("leaf").text("a<b");
  }
  EXPECT_EQ(out.str(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root name=\"x&quot;y\">\n  <empty/>\n"
            "  <leaf>a&lt;b</leaf>\n</root>");
}

TEST(XmlWriter, HtmlDialectClosesEmptyElementsAndKeepsVoidOnesOpen) {
  std::ostringstream out;
  XmlWriter html(out, XmlWriter::Dialect::html);
  html.start_element("div").end_element();
  html.start_element("meta").write_attribute("charset", "utf-8").end_element();
  {
    auto pre = html.scoped_element("pre");
    pre.text("one\n");
    html.scoped_element("mark", XmlWriter::Layout::inline_).text("two");
  }
  html.finish();
  EXPECT_EQ(out.str(), "<div></div>\n<meta charset=\"utf-8\">\n<pre>one\n<mark>two</mark></pre>\n");
}

TEST(XmlWriter, CommentsCannotBeClosedEarly) {
  std::ostringstream out;
  XmlWriter xml(out);
  xml.write_comment("a --> b");
  EXPECT_EQ(out.str(), "<!-- a - -> b -->");
}

TEST(XmlWriter, DestructorClosesOpenElements) {
  std::ostringstream out;
  {
    XmlWriter xml(out);
    xml.start_element("a").start_element("b");
  }
  EXPECT_EQ(out.str(), "<a>\n  <b/>\n</a>");
}

RC_GTEST_PROP(SanitizeTextProperty, AlwaysYieldsCleanXmlText, (const std::string& input)) {
  const std::string clean = sanitize_text(input);
  RC_ASSERT(is_clean_xml_text(clean));
  // Sanitising is idempotent: clean text passes through unchanged.
  RC_ASSERT(sanitize_text(clean) == clean);
}

RC_GTEST_PROP(XmlEscapeProperty, AttributeValuesNeverContainMarkup, (const std::string& input)) {
  const std::string escaped = xml_escape_attribute(input);
  RC_ASSERT(is_clean_xml_text(escaped));
  RC_ASSERT(escaped.find_first_of("<>\"'\n\t\r") == std::string::npos);
}

}  // namespace
}  // namespace tfc::report
