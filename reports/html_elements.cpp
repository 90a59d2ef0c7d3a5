#include "reports/html_elements.hpp"

namespace tfc::report {

void text_element(XmlWriter& h, std::string_view name, std::string_view text, std::string_view css_class,
                  XmlWriter::Layout layout) {
  auto e = h.scoped_element(name, layout);
  if (!css_class.empty()) e.attribute("class", css_class);
  e.text(text);
}

void meta_row(XmlWriter& h, std::string_view label, std::string_view value) {
  text_element(h, "dt", label);
  text_element(h, "dd", value);
}

}  // namespace tfc::report
