#pragma once
// Small HTML building blocks shared by the HTML report's parts; all text goes through XmlWriter.

#include <string_view>

#include "reports/xml_writer.hpp"

namespace tfc::report {

/// `<name class="css_class">escaped text</name>` (no class attribute when css_class is empty).
void text_element(XmlWriter& h, std::string_view name, std::string_view text, std::string_view css_class = {},
                  XmlWriter::Layout layout = XmlWriter::Layout::indent);

/// One `<dt>label</dt><dd>value</dd>` pair of a description list.
void meta_row(XmlWriter& h, std::string_view label, std::string_view value);

}  // namespace tfc::report
