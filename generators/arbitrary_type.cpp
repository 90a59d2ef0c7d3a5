#include "generators/arbitrary_type.hpp"

#include <algorithm>
#include <map>

namespace tfc::gen {

namespace {

using cty::Type;

rc::Gen<Type> primitive(bool allow_dynamic) {
  if (!allow_dynamic) return rc::gen::element(Type::string(), Type::number(), Type::boolean());
  return rc::gen::element(Type::string(), Type::number(), Type::boolean(), Type::dynamic());
}

rc::Gen<Type> type_at(int depth, TypeOptions options) {
  if (depth <= 0) return primitive(options.allow_dynamic);
  auto inner = rc::gen::lazy([=] { return type_at(depth - 1, options); });
  auto object = rc::gen::mapcat(rc::gen::resize(5, rc::gen::container<std::map<std::string, Type>>(name(), inner)),
                                [options](const std::map<std::string, Type>& attrs) {
                                  std::vector<std::pair<std::string, Type>> list(attrs.begin(), attrs.end());
                                  std::vector<bool> all(list.size(), false);
                                  rc::Gen<std::vector<bool>> marks = options.allow_optional_markers
                                                                         ? rc::gen::container<std::vector<bool>>(
                                                                               list.size(), rc::gen::arbitrary<bool>())
                                                                         : rc::gen::just(all);
                                  return rc::gen::map(marks, [list](const std::vector<bool>& optional) {
                                    std::vector<std::string> names;
                                    for (std::size_t i = 0; i < list.size(); ++i) {
                                      if (optional[i]) names.push_back(list[i].first);
                                    }
                                    return Type::object(list, names);
                                  });
                                });
  return rc::gen::weightedOneOf<Type>({
      {4, primitive(options.allow_dynamic)},
      {2, rc::gen::map(inner, [](Type t) { return Type::list(std::move(t)); })},
      {1, rc::gen::map(inner, [](Type t) { return Type::set(std::move(t)); })},
      {1, rc::gen::map(inner, [](Type t) { return Type::map(std::move(t)); })},
      {1, rc::gen::map(rc::gen::resize(3, rc::gen::container<std::vector<Type>>(inner)),
                       [](std::vector<Type> ts) { return Type::tuple(std::move(ts)); })},
      {3, object},
  });
}

}  // namespace

rc::Gen<std::string> name() {
  return rc::gen::weightedOneOf<std::string>({
      {6, rc::gen::element<std::string>("id", "name", "tags", "rule", "port", "value", "a", "b", "enabled")},
      {2, rc::gen::map(rc::gen::container<std::string>(rc::gen::element('a', 'b', 'z', '_', '1')),
                       [](const std::string& s) { return "n" + s; })},
  });
}

rc::Gen<Type> type(TypeOptions options) {
  return rc::gen::withSize([options](int size) {
    // Size 0..100: depth grows with the size, capped by the options.
    int depth = std::min(options.max_depth, size / 20);
    return type_at(depth, options);
  });
}

}  // namespace tfc::gen
