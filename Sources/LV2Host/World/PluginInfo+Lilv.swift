import CLilv

/// Reading `PluginInfo` and `PortInfo` out of lilv. Every node lilv hands over
/// with ownership is freed here; the results are plain Swift values.
extension PluginInfo {
    init(_ plugin: OpaquePointer, in world: LV2World) {
        uri = string(lilv_plugin_get_uri(plugin)) ?? ""
        name = takeString(lilv_plugin_get_name(plugin)) ?? uri
        comment = takeString(lilv_world_get(world.world, lilv_plugin_get_uri(plugin), world.node(LV2URI.rdfsComment), nil))
        libraryPath = filePath(lilv_plugin_get_library_uri(plugin)) ?? ""
        bundlePath = filePath(lilv_plugin_get_bundle_uri(plugin)) ?? ""
        // Sorted, because lilv's order changes from run to run.
        requiredFeatures = takeStrings(lilv_plugin_get_required_features(plugin)).sorted()
        optionalFeatures = takeStrings(lilv_plugin_get_optional_features(plugin)).sorted()
        let versionParts = [LV2URI.minorVersion, LV2URI.microVersion].map {
            takeString(lilv_world_get(world.world, lilv_plugin_get_uri(plugin), world.node($0), nil))
        }
        version = versionParts.contains(nil) ? nil : versionParts.compactMap { $0 }.joined(separator: ".")
        latencyPortIndex = lilv_plugin_has_latency(plugin) ? Int(lilv_plugin_get_latency_port_index(plugin)) : nil

        portCount = Int(lilv_plugin_get_num_ports(plugin))
        var ports: [PortInfo] = [], unsupported: [String] = []
        for index in 0..<portCount {
            guard let port = lilv_plugin_get_port_by_index(plugin, UInt32(index)) else { continue }
            if let info = PortInfo(index: index, port, of: plugin, in: world) {
                ports.append(info)
            } else if !lilv_port_has_property(plugin, port, world.node(LV2URI.connectionOptional)) {
                unsupported.append("\(index) (\(string(lilv_port_get_symbol(plugin, port)) ?? "?"))")
            }
        }
        let groupURIs = Set(ports.compactMap(\.group))
        groups = groupURIs.sorted().map { uri in
            let node = world.node(uri)
            func get(_ predicate: String) -> String? { takeString(lilv_world_get(world.world, node, world.node(predicate), nil)) }
            return PortGroupInfo(uri: uri, symbol: get(LV2URI.lv2Symbol), name: get(LV2URI.lv2Name) ?? get(LV2URI.rdfsLabel),
                             sideChainOf: get(LV2URI.sideChainOf))
        }
        let sideChainGroups = Set(groups.filter { $0.sideChainOf != nil }.map(\.uri))
        self.ports = ports.map { port in
            guard let group = port.group, sideChainGroups.contains(group), !port.isSideChain else { return port }
            var sideChain = port
            sideChain.isSideChain = true
            return sideChain
        }
        mainInputGroup = takeString(lilv_world_get(world.world, lilv_plugin_get_uri(plugin), world.node(LV2URI.mainInput), nil))
        unsupportedPorts = unsupported

        let related = lilv_plugin_get_related(plugin, world.node(LV2URI.presetClass))
        presets = forEach(related) { preset in
            lilv_world_load_resource(world.world, preset)
            let label = takeString(lilv_world_get(world.world, preset, world.node(LV2URI.rdfsLabel), nil))
            let comment = takeString(lilv_world_get(world.world, preset, world.node(LV2URI.rdfsComment), nil))
            let presetURI = string(preset) ?? ""
            return (uri: presetURI, label: label ?? presetURI, comment: comment)
        }.sorted { $0.uri < $1.uri }
        lilv_nodes_free(related)
        parameters = ParameterInfo.all(of: plugin, in: world)

        let classURI = lilv_plugin_get_class(plugin).flatMap { string(lilv_plugin_class_get_uri($0)) }
        self.classURI = classURI
        kind = PluginKind.of(classURI: classURI, audioInputs: ports.count { $0.kind == .audio && $0.isInput },
                             audioOutputs: ports.count { $0.kind == .audio && !$0.isInput },
                             midiInput: ports.contains { $0.kind == .atom && $0.isInput && $0.supportsMIDI },
                             midiOutput: ports.contains { $0.kind == .atom && !$0.isInput && $0.supportsMIDI })
    }
}

extension PortInfo {
    /// nil when the port is of a type the host does not know (e.g. the old event ports).
    init?(index: Int, _ port: OpaquePointer, of plugin: OpaquePointer, in world: LV2World) {
        func isA(_ uri: String) -> Bool { lilv_port_is_a(plugin, port, world.node(uri)) }
        func has(_ uri: String) -> Bool { lilv_port_has_property(plugin, port, world.node(uri)) }

        if isA(LV2URI.audioPort) {
            kind = .audio
        } else if isA(LV2URI.controlPort) {
            kind = .control
        } else if isA(LV2URI.atomPort) {
            kind = .atom
        } else if isA(LV2URI.cvPort) {
            kind = .cv
        } else {
            return nil
        }
        self.index = index
        isInput = isA(LV2URI.inputPort)
        symbol = string(lilv_port_get_symbol(plugin, port)) ?? "port\(index)"
        name = takeString(lilv_port_get_name(plugin, port)) ?? symbol
        comment = takeString(lilv_port_get(plugin, port, world.node(LV2URI.rdfsComment)))

        var defaultNode: OpaquePointer?, minimumNode: OpaquePointer?, maximumNode: OpaquePointer?
        lilv_port_get_range(plugin, port, &defaultNode, &minimumNode, &maximumNode)
        func declared(_ node: OpaquePointer?) -> Double? {
            float(node) == nil ? nil : string(node).flatMap(Double.init)
        }
        declaredFractions = (declared(minimumNode), declared(maximumNode), declared(defaultNode))
        defaultValue = takeFloat(defaultNode)
        minimum = takeFloat(minimumNode)
        maximum = takeFloat(maximumNode)

        isInteger = has(LV2URI.integer)
        isToggled = has(LV2URI.toggled)
        isEnumeration = has(LV2URI.enumeration)
        isLogarithmic = has(LV2URI.logarithmic)
        isSampleRateRelative = has(LV2URI.sampleRateProperty)
        scaledSampleRate = nil
        isSideChain = has(LV2URI.isSideChain)
        group = takeString(lilv_port_get(plugin, port, world.node(LV2URI.portGroup)))
        supportsMIDI = lilv_port_supports_event(plugin, port, world.node(LV2URI.midiEvent))
        supportsPatch = lilv_port_supports_event(plugin, port, world.node(LV2URI.patchMessage))
        supportsTimePosition = lilv_port_supports_event(plugin, port, world.node(LV2URI.timePosition))
        declaresSupportedEvents = takeString(lilv_port_get(plugin, port, world.node(LV2URI.atomSupports))) != nil
        designation = takeString(lilv_port_get(plugin, port, world.node(LV2URI.designation)))

        if let unitNode = lilv_port_get(plugin, port, world.node(LV2URI.unitsUnit)) {
            unitURI = string(unitNode)
            // A unit's symbol may be empty on purpose (units:coef); then there is nothing to show.
            let unitSymbol = takeString(lilv_world_get(world.world, unitNode, world.node(LV2URI.unitsSymbol), nil))
            let named = unitSymbol ?? string(unitNode).map { String($0.split(separator: "#").last ?? Substring($0)) }
            unit = named?.isEmpty == false ? named : nil
            lilv_node_free(unitNode)
        } else {
            unit = nil
            unitURI = nil
        }

        var points: [(label: String, value: Float)] = []
        if let scalePoints = lilv_port_get_scale_points(plugin, port) {
            var iterator = lilv_scale_points_begin(scalePoints)
            while !lilv_scale_points_is_end(scalePoints, iterator) {
                if let point = lilv_scale_points_get(scalePoints, iterator) {
                    let label = string(lilv_scale_point_get_label(point)) ?? ""
                    points.append((label, float(lilv_scale_point_get_value(point)) ?? 0))
                }
                iterator = lilv_scale_points_next(scalePoints, iterator)
            }
            lilv_scale_points_free(scalePoints)
        }
        scalePoints = points.sorted { $0.value < $1.value }
    }
}

// MARK: - Node reading

/// A node's text: the URI of a URI node, the string of a literal.
func string(_ node: OpaquePointer?) -> String? {
    guard let node, let text = lilv_node_as_string(node) else { return nil }
    return String(cString: text)
}

func float(_ node: OpaquePointer?) -> Float? {
    guard let node, lilv_node_is_float(node) || lilv_node_is_int(node) else { return nil }
    return lilv_node_as_float(node)
}

/// The filesystem path of a `file:` URI node.
package func filePath(_ node: OpaquePointer?) -> String? {
    guard let node, let uri = lilv_node_as_uri(node), let path = lilv_file_uri_parse(uri, nil) else { return nil }
    defer { lilv_free(path) }
    return String(cString: path)
}

/// `string(_:)` for a node the caller owns, which is then freed.
package func takeString(_ node: OpaquePointer?) -> String? {
    defer { lilv_node_free(node) }
    return string(node)
}

func takeFloat(_ node: OpaquePointer?) -> Float? {
    defer { lilv_node_free(node) }
    return float(node)
}

/// Maps each node of a collection (which stays owned by the caller).
package func forEach<T>(_ nodes: UnsafeRawPointer?, _ transform: (OpaquePointer) -> T) -> [T] {
    guard let nodes else { return [] }
    var result: [T] = []
    var iterator = lilv_nodes_begin(nodes)
    while !lilv_nodes_is_end(nodes, iterator) {
        if let node = lilv_nodes_get(nodes, iterator) {
            result.append(transform(node))
        }
        iterator = lilv_nodes_next(nodes, iterator)
    }
    return result
}

/// The text of every node in a collection the caller owns, which is then freed.
package func takeStrings(_ nodes: UnsafeMutableRawPointer?) -> [String] {
    defer { lilv_nodes_free(nodes) }
    return forEach(nodes) { string($0) }.compactMap { $0 }
}
